import { Controller, Get, Next, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { html } from '../http/html.js';
import { adminPage, adminTexts } from '../http/admin-page.js';
import { adminOperator, pageFrame, sendAdminPage } from '../http/admin-page-request.js';
import { adminIndexHtml, isAdminAppPath } from './admin-app-html.js';

/**
 * The back office app (client/admin, docs/admin.md 'The back-office app'): `GET /admin` and every
 * path of its screens answer the app's one index.html, client-rendered. Nobody signed in: 303 to the
 * login page and back; signed in without an operator role (admin, staff): the 403 page. Today's
 * server-rendered pages (/admin/orders, /admin/invoices) and the queue dashboard (/admin/queues)
 * keep their own handlers; the built files under /admin/assets are served by main.ts.
 */
@ApiExcludeController()
@Controller('admin')
export class AdminAppController {
  @Get()
  root(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.answer(req, res);
  }

  @Get('{*path}')
  async screen(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): Promise<void> {
    if (!isAdminAppPath(req.path)) return next();
    await this.answer(req, res);
  }

  private async answer(req: Request, res: Response): Promise<void> {
    const frame = pageFrame(req, res);
    const t = adminTexts(frame.locale);
    const forbiddenPage = () =>
      adminPage(frame, {
        title: t.forbiddenTitle,
        current: null,
        body: html`<h1>${t.forbiddenTitle}</h1>
<p>${t.forbiddenText}</p>
<p><a href="/">${t.shop}</a></p>`,
      });
    const user = adminOperator(req, res, frame, { path: req.originalUrl, fallback: '/admin', forbiddenPage });
    if (!user) return;
    const index = await adminIndexHtml(req.originalUrl, frame.nonce);
    if (index === null) {
      const body = html`<h1>${t.notBuiltTitle}</h1>
<p>${t.notBuiltText}</p>`;
      return sendAdminPage(res, 503, adminPage(frame, { title: t.notBuiltTitle, current: null, body }));
    }
    sendAdminPage(res, 200, index);
  }
}
