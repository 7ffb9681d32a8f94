import type { Express, NextFunction, Request, Response } from 'express';
import { cisEmulatorControlSchema, type CisEmulator } from './cis-emulator.js';

/** Where the CIS emulator answers (FISCAL_URL's default with FISCALIZATION_PROVIDER=sandbox). */
export const CIS_SANDBOX_PATH = '/sandbox/cis';
export const CIS_SANDBOX_CONTROL_PATH = '/sandbox/cis/control';
export const CIS_SANDBOX_MESSAGES_PATH = '/sandbox/cis/messages';

/**
 * The emulator's HTTP side on the shop's own Express app (ahead of the page renderer), mounted only
 * with FISCALIZATION_PROVIDER=sandbox, like the payment sandbox. POST /sandbox/cis takes the SOAP
 * envelope as raw bytes (a rawBody CSRF exemption: csrf.ts, json-bodies.ts); POST
 * /sandbox/cis/control takes a JSON command (cisEmulatorControlSchema; 400 otherwise); GET
 * /sandbox/cis/messages lists what was received (newest last) for tests in another process.
 */
export function mountFiscalSandbox(app: Express, emulator: CisEmulator): void {
  const wrap = (fn: (req: Request, res: Response) => Promise<void>) => (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).catch(next);
  };

  app.post(
    CIS_SANDBOX_PATH,
    wrap(async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
      const action = req.headers.soapaction;
      const reply = await emulator.receive(body, Array.isArray(action) ? action.join(',') : action);
      if (reply.kind === 'hold') {
        // Like a CIS that never answers: keep the connection open, then drop it without a response.
        const timer = setTimeout(() => req.socket.destroy(), reply.holdMs);
        req.socket.once('close', () => clearTimeout(timer));
        return;
      }
      res
        .status(reply.status)
        .set('Cache-Control', 'no-store')
        .type(reply.status === 503 ? 'text/plain' : 'text/xml')
        .send(reply.body);
    }),
  );

  app.post(
    CIS_SANDBOX_CONTROL_PATH,
    wrap(async (req, res) => {
      const parsed = cisEmulatorControlSchema.safeParse(req.body);
      if (!parsed.success) {
        res
          .status(400)
          .json({ errors: parsed.error.issues.map((i) => ({ code: 'INVALID_CONTROL', message: `${i.path.join('.')}: ${i.message}` })) });
        return;
      }
      emulator.control(parsed.data);
      res.status(204).end();
    }),
  );

  app.get(CIS_SANDBOX_MESSAGES_PATH, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({
      data: emulator.received().map((m) => ({ ...m, receivedAt: m.receivedAt.toISOString() })),
    });
  });
}
