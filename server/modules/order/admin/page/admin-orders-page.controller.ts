import { Controller, Get, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ShipOrderBody } from '../../../../../contract/api/admin-orders.js';
import { isOrderNumber } from '../../../../../contract/api/order.js';
import { APP_CONFIG, type AppConfig } from '../../../../config/index.js';
import type { Csrf } from '../../../../platform/http/csrf.js';
import { DomainError, STATUS_BY_KIND } from '../../../../platform/http/domain-error.js';
import { localizedMessage } from '../../../../platform/i18n/index.js';
import type { AuthUser } from '../../../../platform/auth/index.js';
import { ProfileService } from '../../../identity/index.js';
import { OrderAdminService } from '../order-admin.service.js';
import { actionsFor } from '../operator-actions.js';
import { EuDistanceSales } from '../../vat/eu-distance-sales.js';
import { isAction, readListQuery } from './admin-orders.query.js';
import { ADMIN_ORDERS_TEXTS } from './admin-orders.texts.js';
import { ADMIN_ORDERS_PATH, detailPage, listPage, messagePage, type ActionError, type ListFilters } from './admin-orders.view.js';
import type { PageFrame } from '../../../../platform/http/admin-page.js';
import { adminCsrf, adminOperator, formField, pageFrame, sendAdminPage } from '../../../../platform/http/admin-page-request.js';

/**
 * The operators' server-rendered order pages (docs/orders.md 'The /admin/orders page'): the list
 * with filters, one order with everything about it, and one form per allowed action. HTML that
 * works without JavaScript; signed in with the shop's own session and an operator role (docs/admin.md 'Roles'). Built on the one
 * `OrderAdministration` service the JSON API `/api/admin/orders` uses, so the two never disagree.
 */
@ApiExcludeController()
@Controller(ADMIN_ORDERS_PATH.slice(1))
export class AdminOrdersPageController {
  private readonly csrf: Csrf;

  constructor(
    private readonly orders: OrderAdminService,
    private readonly profiles: ProfileService,
    private readonly euSales: EuDistanceSales,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.csrf = adminCsrf(config);
  }

  @Get()
  async list(@Req() req: Request, @Res() res: Response): Promise<void> {
    const frame = this.frame(req, res);
    if (!this.operator(req, res, frame, req.originalUrl)) return;
    const { query, invalid } = readListQuery(req.query as Record<string, unknown>);
    const [list, euSales] = await Promise.all([this.orders.list(query), this.euSales.report(EuDistanceSales.yearOf(new Date()))]);
    const filters: ListFilters = {
      status: query.status,
      payment_status: query.payment_status,
      payment_method: query.payment_method,
      q: query.q,
    };
    this.send(res, invalid ? 400 : 200, listPage(frame, { list, filters, invalidFilters: invalid, euSales }));
  }

  @Get(':number')
  async detail(@Req() req: Request, @Res() res: Response): Promise<void> {
    const frame = this.frame(req, res);
    const number = req.params.number;
    const user = this.operator(req, res, frame, isOrderNumber(number) ? `${ADMIN_ORDERS_PATH}/${number}` : ADMIN_ORDERS_PATH);
    if (!user) return;
    const found = isOrderNumber(number) ? await this.orders.detail(number) : null;
    if (!found) return this.send(res, 404, messagePage(frame, 'not_found'));
    const order = actionsFor(user.role, found);
    const done = req.query.done;
    const notice = isAction(done) ? done : undefined;
    this.send(res, 200, detailPage(frame, { order, csrfToken: this.csrf.tokenFor(req, res), notice }));
  }

  /**
   * One action from its form (urlencoded, CSRF token in `_csrf`; the platform checked it before
   * routing). Success: 303 to the order with the notice. Refusal: the order again with the message
   * and the refusal's status (409, 422), the typed tracking number kept.
   */
  @Post(':number/:action')
  async act(@Req() req: Request, @Res() res: Response): Promise<void> {
    const frame = this.frame(req, res);
    const { number, action } = req.params;
    if (!isOrderNumber(number) || !isAction(action)) {
      // Not even a page for anyone: the same 404 whoever asks, no order data.
      if (!this.operator(req, res, frame, ADMIN_ORDERS_PATH)) return;
      return this.send(res, 404, messagePage(frame, 'not_found'));
    }
    const user = this.operator(req, res, frame, `${ADMIN_ORDERS_PATH}/${number}`);
    if (!user) return;
    const t = ADMIN_ORDERS_TEXTS[frame.locale];
    const trackingNumber = formField(req.body, 'tracking_number');

    let refusal: { status: number; error: ActionError } | undefined;
    let input: { tracking_number?: string } | undefined;
    if (action === 'ship') {
      const parsed = ShipOrderBody.safeParse({ tracking_number: trackingNumber });
      if (parsed.success) input = parsed.data;
      else {
        const required = parsed.error.issues[0]?.message === 'ORDER_TRACKING_NUMBER_REQUIRED';
        refusal = { status: 422, error: { action, message: required ? t.trackingRequired : t.trackingInvalid, trackingNumber } };
      }
    } else if ((action === 'cancel' || action === 'refund') && !formField(req.body, 'confirm')) {
      refusal = { status: 422, error: { action, message: t.confirmRequired } };
    }

    if (!refusal) {
      try {
        const operator = await this.profiles.get(user.id);
        await this.orders.act(number, action, { userId: user.id, email: operator.email, role: user.role }, input);
        res.setHeader('Cache-Control', 'no-store');
        res.redirect(303, `${ADMIN_ORDERS_PATH}/${number}?done=${action}`);
        return;
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        const status = STATUS_BY_KIND[err.kind];
        if (status === 404) return this.send(res, 404, messagePage(frame, 'not_found'));
        const message = localizedMessage(err.code, frame.locale, err.params) ?? t.failed;
        refusal = { status, error: { action, message, trackingNumber } };
      }
    }

    const found = await this.orders.detail(number);
    if (!found) return this.send(res, 404, messagePage(frame, 'not_found'));
    const order = actionsFor(user.role, found);
    this.send(res, refusal.status, detailPage(frame, { order, csrfToken: this.csrf.tokenFor(req, res), error: refusal.error }));
  }

  private frame(req: Request, res: Response): PageFrame {
    return pageFrame(req, res);
  }

  private operator(req: Request, res: Response, frame: PageFrame, back: string): AuthUser | undefined {
    return adminOperator(req, res, frame, {
      path: back,
      fallback: ADMIN_ORDERS_PATH,
      forbiddenPage: () => messagePage(frame, 'forbidden'),
    });
  }

  private send(res: Response, status: number, body: string): void {
    sendAdminPage(res, status, body);
  }
}
