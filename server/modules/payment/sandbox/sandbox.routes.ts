import type { Express, NextFunction, Request, Response } from 'express';
import { messagePage, paymentPage } from './sandbox-page.js';
import type { SandboxEmulator, XmlAnswer } from './sandbox-emulator.service.js';

/** Where the emulator lives. Not under /api: it stands for another site (Monri's hosted page). */
export const SANDBOX_BASE = '/sandbox/monri';
export const SANDBOX_FORM_PATH = `${SANDBOX_BASE}/v2/form` as const;
/** Monri's transaction-management API (XML): order status, and capture, void and refund with the order number in the path. */
export const SANDBOX_STATUS_PATH = `${SANDBOX_BASE}/orders/show` as const;
export const SANDBOX_REFUND_PATH = `${SANDBOX_BASE}/transactions/:order_number/refund.xml` as const;
export const SANDBOX_CAPTURE_PATH = `${SANDBOX_BASE}/transactions/:order_number/capture.xml` as const;
export const SANDBOX_VOID_PATH = `${SANDBOX_BASE}/transactions/:order_number/void.xml` as const;

/** The largest form body the emulator reads (the real form is well under 4 kB). */
const MAX_FORM_BYTES = 16 * 1024;

class BodyTooLarge extends Error {}

/** Reads an urlencoded body (no global parser reads forms: json-bodies.ts), bounded. */
async function readForm(req: Request): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const isForm = (req: Request) =>
  (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';

function html(res: Response, status: number, body: string): void {
  res.status(status).set('Cache-Control', 'no-store').type('html').send(body);
}

/**
 * The emulator's HTTP side, on the shop's own Express app (ahead of the page renderer), only with
 * PAYMENT_PROVIDER=sandbox. CSRF (docs/payments.md): the form endpoint and the two server-to-server
 * XML endpoints are exact exemptions in CSRF_EXEMPT_ROUTES (a cross-site form POST and API calls without
 * a page; each proves itself by its digest). The approve/decline/abandon buttons are ordinary
 * same-origin POSTs on this 'provider' page: not exempt, they pass the CSRF check by the browser's
 * same-origin proof, and carry no body (the action path says the choice).
 */
export function mountPaymentSandbox(app: Express, emulator: SandboxEmulator): void {
  const nonce = (res: Response) => String(res.locals.cspNonce ?? '');
  const wrap = (fn: (req: Request, res: Response) => Promise<void>) => (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).catch(next);
  };

  app.post(
    SANDBOX_FORM_PATH,
    wrap(async (req, res) => {
      if (!isForm(req))
        return html(res, 415, messagePage('en', nonce(res), 'refused', 'The form must be sent as application/x-www-form-urlencoded.'));
      let form: URLSearchParams;
      try {
        form = await readForm(req);
      } catch (err) {
        if (err instanceof BodyTooLarge) return html(res, 413, messagePage('en', nonce(res), 'refused', 'The form is too large.'));
        throw err;
      }
      const result = await emulator.receiveForm(form);
      if (!result.ok) return html(res, 400, messagePage(result.locale, nonce(res), 'refused', result.reason));
      // Post/redirect/get: reloading the page does not post the form again.
      res.redirect(303, `${SANDBOX_BASE}/v2/pay/${result.id}`);
    }),
  );

  app.get(
    `${SANDBOX_BASE}/v2/pay/:id`,
    wrap(async (req, res) => {
      const found = await emulator.page(String(req.params.id));
      if (!found) return html(res, 404, messagePage('en', nonce(res), 'notFound', 'No payment has this id.'));
      html(res, 200, paymentPage(found.locale, nonce(res), `${SANDBOX_BASE}/v2`, found.tx));
    }),
  );

  app.post(
    `${SANDBOX_BASE}/v2/pay/:id/:choice`,
    wrap(async (req, res) => {
      const choice = String(req.params.choice);
      if (choice !== 'approve' && choice !== 'decline' && choice !== 'cancel' && choice !== 'abandon')
        return html(res, 404, messagePage('en', nonce(res), 'refused', 'Unknown choice.'));
      const result = await emulator.decide(String(req.params.id), choice);
      switch (result.kind) {
        case 'redirect':
          return res.redirect(302, result.location);
        case 'declined':
        case 'abandoned':
          return html(res, 200, paymentPage(result.locale, nonce(res), `${SANDBOX_BASE}/v2`, result.tx));
        case 'already_decided':
          return html(res, 409, paymentPage(result.locale, nonce(res), `${SANDBOX_BASE}/v2`, result.tx));
        case 'refused':
          return html(res, 409, messagePage(result.locale, nonce(res), 'refused', result.reason));
        case 'not_found':
          return html(res, 404, messagePage('en', nonce(res), 'notFound', 'No payment has this id.'));
      }
    }),
  );

  // The XML calls: their bodies arrive as raw bytes (rawBody exemptions, json-bodies.ts), read here.
  const xmlOf = (req: Request) => (Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '');
  const answer = (res: Response, a: XmlAnswer): void =>
    void res.status(a.status).set('Cache-Control', 'no-store').type('application/xml').send(a.xml);
  app.post(
    SANDBOX_STATUS_PATH,
    wrap(async (req, res) => answer(res, await emulator.status(xmlOf(req)))),
  );
  for (const [path, kind] of [
    [SANDBOX_CAPTURE_PATH, 'capture'],
    [SANDBOX_VOID_PATH, 'void'],
    [SANDBOX_REFUND_PATH, 'refund'],
  ] as const) {
    app.post(
      path,
      wrap(async (req, res) => answer(res, await emulator.manage(kind, String(req.params.order_number), xmlOf(req)))),
    );
  }
}
