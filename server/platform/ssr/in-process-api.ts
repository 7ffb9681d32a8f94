import { createServer, request as httpRequest, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import { duplexPair } from 'node:stream';
import type { ApiPort, ApiPortRequest, ApiPortResponse } from '../../../contract/ssr.js';

const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** The server ends of in-process connections: what `isInProcessRequest` recognizes. */
const inProcessSockets = new WeakSet<object>();

/** Whether a request came through the SSR data port (never over the network, so no Host of a visitor's to judge). */
export function isInProcessRequest(req: { socket?: unknown }): boolean {
  return typeof req.socket === 'object' && req.socket !== null && inProcessSockets.has(req.socket);
}

/**
 * The SSR data port (contract/ssr.ts `ApiPort`), in process: each call of a page's loaders is
 * dispatched into this process's own HTTP application (`handler`, the Express app with its whole
 * middleware chain: request id and access log, security headers, cookies, CSRF by method, session,
 * control-character check, Nest's routing, validation and the API's error filter), as a request of
 * its own on a connection of its own, never over a socket.
 *
 * The connection is an in-memory stream pair (`duplexPair`): Node's HTTP client writes the request
 * into one end, `server` (an `http.Server` that never listens) parses it from the other as any
 * connection, and its answer comes back the same way. So every inner call gets a fresh
 * `IncomingMessage` and `ServerResponse` (its own `res.locals`, CSP nonce, request id and
 * AsyncLocalStorage scope, its own headers and cookies), and nothing it does can touch the page's
 * request or response: the page's response never carries an inner call's headers, its Set-Cookie
 * included (as with the loopback HTTP calls this replaces, whose answers' cookies were dropped).
 * No `Accept-Encoding` is sent, so JSON comes back uncompressed, with nothing to inflate.
 *
 * The calls look to the application as the loopback calls did: from 127.0.0.1 over plain HTTP, with
 * the headers the loader passes (Accept, Accept-Language, the visitor's Cookie; on mutations the
 * CSRF token). Node's HTTP parser checks path and headers as on the public socket; one that could
 * not be sent rejects (the client maps it to NETWORK_ERROR), every HTTP status resolves.
 */
export class InProcessApi {
  /** The application's server for in-process calls: it never listens; HttpDrain tracks it (`trackInProcess`). */
  readonly server: Server;

  constructor(handler: RequestListener) {
    this.server = createServer(handler);
  }

  /** The port handed to every render (`ctx.api`). */
  readonly port: ApiPort = (request) => this.dispatch(request);

  private dispatch(request: ApiPortRequest): Promise<ApiPortResponse> {
    const path = normalizePath(request.path);
    if (!METHODS.has(request.method) || path === undefined || !path.startsWith('/api/')) {
      return Promise.reject(
        new TypeError(`The SSR data port carries API calls only, not ${String(request.method)} ${String(request.path).slice(0, 100)}`),
      );
    }
    return new Promise<ApiPortResponse>((resolve, reject) => {
      const [client, server] = duplexPair();
      // What the application reads of the connection: a loopback client on plain HTTP.
      Object.assign(server, { remoteAddress: '127.0.0.1', remoteFamily: 'IPv4', remotePort: 0, localAddress: '127.0.0.1', localPort: 0 });
      inProcessSockets.add(server);
      const done = () => {
        client.destroy();
        server.destroy();
      };
      // The pair does not pass a destroy on: a connection the server cuts (HttpDrain's deadline)
      // ends the call as a reset connection ends an HTTP client's (ECONNRESET), not never.
      server.once('close', () => client.destroy());
      const fail = (err: Error) => {
        done();
        reject(err);
      };
      let req: ReturnType<typeof httpRequest>;
      try {
        req = httpRequest(
          {
            method: request.method,
            path,
            headers: { ...request.headers, connection: 'close' },
            createConnection: () => client,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.once('error', fail);
            res.once('end', () => {
              done();
              resolve({ status: res.statusCode ?? 0, headers: flatten(res.headers), body: Buffer.concat(chunks).toString('utf8') });
            });
          },
        );
      } catch (err) {
        // A path or header Node refuses to send (a control character, say).
        fail(err as Error);
        return;
      }
      req.once('error', fail);
      this.server.emit('connection', server);
      req.end(request.body);
    });
  }
}

const BASE = 'http://in-process.invalid';

/**
 * The path as fetch would have sent it: dot segments resolved, a fragment dropped, spaces and other
 * characters outside a URL percent-encoded (the API modules encode their segments already; this keeps
 * a path that slipped through an answer, e.g. a 404, rather than a request Node refuses to send).
 * Undefined for anything that is not a path of this origin (`//host/...`, `http://...`).
 */
function normalizePath(path: unknown): string | undefined {
  if (typeof path !== 'string' || !path.startsWith('/')) return undefined;
  try {
    const url = new URL(path, BASE);
    return url.origin === BASE ? url.pathname + url.search : undefined;
  } catch {
    return undefined;
  }
}

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === 'set-cookie') continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
