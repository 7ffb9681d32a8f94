import { Controller, Get, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AdminInvoiceBookQuery, AdminInvoiceExportQuery, InvoiceStornoBody } from '../../../../../contract/api/admin-invoices.js';
import { APP_CONFIG, type AppConfig } from '../../../../config/index.js';
import type { PageFrame } from '../../../../platform/http/admin-page.js';
import { adminCsrf, adminOperator, formField, pageFrame, sendAdminPage } from '../../../../platform/http/admin-page-request.js';
import type { Csrf } from '../../../../platform/http/csrf.js';
import { DomainError, STATUS_BY_KIND } from '../../../../platform/http/domain-error.js';
import { localizedMessage } from '../../../../platform/i18n/index.js';
import { mayUse, type AuthUser } from '../../../../platform/auth/index.js';
import { ProfileService } from '../../../identity/index.js';
import { InvoiceFiles } from '../../invoice-files.js';
import { InvoiceIdParams } from '../invoice-admin.controller.js';
import { InvoiceAdminService } from '../invoice-admin.service.js';
import { invoiceYear } from '../../invoicing-settings.js';
import { zagrebMonth } from '../zagreb-time.js';
import { readEuroAmount, readInvoiceListQuery } from './admin-invoices.query.js';
import { ADMIN_INVOICES_TEXTS } from './admin-invoices.texts.js';
import {
  ADMIN_INVOICES_PATH,
  bookPage,
  exportPage,
  invoiceDetailPage,
  invoiceListPage,
  invoiceMessagePage,
  type InvoiceAction,
  type InvoiceActionError,
} from './admin-invoices.view.js';

const ACTIONS: readonly InvoiceAction[] = ['retry', 'storno'];
const isAction = (v: unknown): v is InvoiceAction => typeof v === 'string' && (ACTIONS as readonly string[]).includes(v);

/** A path's invoice id, or null (a malformed id names no invoice). */
function idOf(raw: unknown): string | null {
  return InvoiceIdParams.parse({ id: raw }).id;
}

/**
 * The operators' server-rendered invoice pages (docs/invoicing/operators.md): the list with its
 * filters in the URL, one invoice with its attempts at CIS and its actions ('retry now', a storno
 * with a confirmation), the accountant's export form and the book of invoices. HTML that works
 * without JavaScript, signed in as an operator the policy allows (docs/admin.md 'Roles'), CSRF tokens in the forms; built on the one
 * InvoiceAdminService the JSON API uses.
 */
@ApiExcludeController()
@Controller(ADMIN_INVOICES_PATH.slice(1))
export class AdminInvoicesPageController {
  private readonly csrf: Csrf;

  constructor(
    private readonly admin: InvoiceAdminService,
    private readonly files: InvoiceFiles,
    private readonly profiles: ProfileService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.csrf = adminCsrf(config);
  }

  @Get()
  async list(@Req() req: Request, @Res() res: Response): Promise<void> {
    const frame = pageFrame(req, res);
    if (!this.operator(req, res, frame, req.originalUrl)) return;
    const { query, invalid } = readInvoiceListQuery(req.query as Record<string, unknown>);
    const list = await this.admin.list(query);
    sendAdminPage(
      res,
      invalid ? 400 : 200,
      invoiceListPage(frame, {
        list,
        filters: { fiscal_state: query.fiscal_state, kind: query.kind, q: query.q, month: query.month },
        invalidFilters: invalid,
      }),
    );
  }

  @Get('export')
  exportForm(@Req() req: Request, @Res() res: Response): void {
    const frame = pageFrame(req, res);
    if (!this.operator(req, res, frame, `${ADMIN_INVOICES_PATH}/export`)) return;
    const asked = req.query.month;
    const parsed = asked === undefined ? null : AdminInvoiceExportQuery.safeParse({ month: asked });
    const month = parsed?.success ? parsed.data.month : zagrebMonth(new Date());
    sendAdminPage(res, parsed && !parsed.success ? 400 : 200, exportPage(frame, { month, invalid: !!parsed && !parsed.success }));
  }

  @Get('book')
  async book(@Req() req: Request, @Res() res: Response): Promise<void> {
    const frame = pageFrame(req, res);
    if (!this.operator(req, res, frame, `${ADMIN_INVOICES_PATH}/book`)) return;
    const asked = req.query.year;
    const parsed = asked === undefined ? null : AdminInvoiceBookQuery.safeParse({ year: asked });
    const year = parsed?.success ? Number(parsed.data.year) : invoiceYear(new Date());
    const book = await this.admin.book(year);
    sendAdminPage(res, parsed && !parsed.success ? 400 : 200, bookPage(frame, { book, invalid: !!parsed && !parsed.success }));
  }

  @Get(':id')
  async detail(@Req() req: Request, @Res() res: Response): Promise<void> {
    const frame = pageFrame(req, res);
    const id = idOf(req.params.id);
    const user = this.operator(req, res, frame, id ? `${ADMIN_INVOICES_PATH}/${id}` : ADMIN_INVOICES_PATH);
    if (!user) return;
    const invoice = id ? await this.admin.detail(id).catch(notFoundAsNull) : null;
    if (!invoice) return sendAdminPage(res, 404, invoiceMessagePage(frame, 'not_found'));
    const notice = isAction(req.query.done) ? req.query.done : undefined;
    sendAdminPage(
      res,
      200,
      invoiceDetailPage(frame, {
        invoice,
        view: await this.view(invoice.id),
        csrfToken: this.csrf.tokenFor(req, res),
        notice,
        mayStorno: mayUse(user.role, 'invoices.storno'),
      }),
    );
  }

  /**
   * An action from its form (urlencoded, CSRF token in `_csrf`, checked by the platform before
   * routing). Success: 303 to the invoice (a storno: to the new storno) with the notice. Refusal: the
   * invoice again with the message and the refusal's status (409, 422), what was typed kept.
   */
  @Post(':id/:action')
  async act(@Req() req: Request, @Res() res: Response): Promise<void> {
    const frame = pageFrame(req, res);
    const id = idOf(req.params.id);
    const action = req.params.action;
    if (!id || !isAction(action)) {
      if (!this.operator(req, res, frame, ADMIN_INVOICES_PATH)) return;
      return sendAdminPage(res, 404, invoiceMessagePage(frame, 'not_found'));
    }
    const user = this.operator(req, res, frame, `${ADMIN_INVOICES_PATH}/${id}`);
    if (!user) return;
    const t = ADMIN_INVOICES_TEXTS[frame.locale];
    const amountText = formField(req.body, 'amount');
    const reason = formField(req.body, 'reason');
    let refusal: { status: number; error: InvoiceActionError } | undefined;
    try {
      if (action === 'retry') {
        const operator = await this.profiles.get(user.id);
        await this.admin.retry(id, { userId: user.id, email: operator.email, role: user.role });
        return this.redirect(res, id, 'retry');
      }
      const amount = readEuroAmount(amountText);
      const body = InvoiceStornoBody.safeParse({ amount: amount ?? undefined, reason });
      if (amount === null) refusal = { status: 422, error: { action, message: t.amountInvalid, amount: amountText, reason } };
      else if (!body.success) {
        const code = body.error.issues[0]?.message ?? '';
        refusal = { status: 422, error: { action, message: localizedMessage(code, frame.locale) ?? t.failed, amount: amountText, reason } };
      } else if (!formField(req.body, 'confirm'))
        refusal = { status: 422, error: { action, message: t.confirmRequired, amount: amountText, reason } };
      else {
        const operator = await this.profiles.get(user.id);
        const storno = await this.admin.storno(id, body.data, { userId: user.id, email: operator.email, role: user.role });
        return this.redirect(res, storno.id, 'storno');
      }
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      const status = STATUS_BY_KIND[err.kind];
      if (status === 404) return sendAdminPage(res, 404, invoiceMessagePage(frame, 'not_found'));
      refusal = {
        status,
        error: { action, message: localizedMessage(err.code, frame.locale, err.params) ?? t.failed, amount: amountText, reason },
      };
    }
    const invoice = await this.admin.detail(id).catch(notFoundAsNull);
    if (!invoice) return sendAdminPage(res, 404, invoiceMessagePage(frame, 'not_found'));
    sendAdminPage(
      res,
      refusal.status,
      invoiceDetailPage(frame, {
        invoice,
        view: await this.view(invoice.id),
        csrfToken: this.csrf.tokenFor(req, res),
        error: refusal.error,
        mayStorno: mayUse(user.role, 'invoices.storno'),
      }),
    );
  }

  /** The invoice as the operator's HTML view shows it (InvoiceFiles.html). */
  private async view(id: string): Promise<string> {
    return this.files.html(await this.admin.row(id));
  }

  private redirect(res: Response, id: string, done: InvoiceAction): void {
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, `${ADMIN_INVOICES_PATH}/${id}?done=${done}`);
  }

  private operator(req: Request, res: Response, frame: PageFrame, back: string): AuthUser | undefined {
    return adminOperator(req, res, frame, {
      path: back,
      fallback: ADMIN_INVOICES_PATH,
      forbiddenPage: () => invoiceMessagePage(frame, 'forbidden'),
    });
  }
}

/** A 404 of the service as no invoice; anything else goes on. */
function notFoundAsNull(err: unknown): null {
  if (err instanceof DomainError && err.kind === 'not_found') return null;
  throw err;
}
