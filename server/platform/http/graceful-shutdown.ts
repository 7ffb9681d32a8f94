import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Tracks one server's connections and the requests being answered on them. */
class Tracked {
  readonly sockets = new Set<Socket>();
  readonly active = new Set<ServerResponse>();

  constructor(
    readonly server: Server,
    onRequest: (res: ServerResponse) => void,
    onChange: () => void,
  ) {
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => {
        this.sockets.delete(socket);
        onChange();
      });
    });
    // Before the application's own listener, so a header set here precedes any answer.
    server.prependListener('request', (_req, res: ServerResponse) => {
      this.active.add(res);
      onRequest(res);
      res.once('close', () => {
        this.active.delete(res);
        onChange();
      });
    });
  }

  close(): void {
    if (this.server.listening) this.server.close();
  }
}

/**
 * Drains the HTTP server before the rest of the application closes, also under keep-alive
 * traffic (a load balancer or clients that reuse their connections). From `drain()` on:
 *
 *  - the listener accepts no new connections;
 *  - every answer (new requests on kept-alive connections, and in-flight ones whose headers are
 *    not sent yet) carries `Connection: close`, so each connection ends after its current answer
 *    instead of carrying requests forever; idle connections are closed at once, and each one
 *    that turns idle later too;
 *  - `drain()` resolves when no request is in flight and every connection is closed, or at the
 *    deadline (the remaining connections are then cut). Only then may the caller close the
 *    database pool and queues: no handler still runs on them.
 *
 * Page rendering calls this process's own API (SSR loaders): those calls go to an internal
 * loopback listener (`listenInternal`) that stays open until the public server has drained, so
 * a page in flight at SIGTERM still gets its data. A request that reaches a kept-alive connection
 * just as it is closed is reset, as with every HTTP server; clients retry it (Node:
 * `req.reusedSocket`).
 */
export class HttpDrain {
  private readonly public: Tracked;
  private internal: Tracked | undefined;
  private internalOrigin: string | undefined;
  private draining = false;
  private settle: (() => void) | undefined;

  constructor(server: Server) {
    this.public = new Tracked(
      server,
      (res) => {
        if (this.draining) res.setHeader('Connection', 'close');
      },
      () => this.onChange(),
    );
  }

  get isDraining(): boolean {
    return this.draining;
  }

  /** Requests being answered right now (public and internal). */
  get inFlight(): number {
    return this.public.active.size + (this.internal?.active.size ?? 0);
  }

  /** Serves `handler` on a free loopback port for the process's own calls; returns its origin. */
  async listenInternal(handler: RequestListener): Promise<string> {
    const server = createServer(handler);
    this.internal = new Tracked(server, () => undefined, () => this.onChange());
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    server.unref();
    this.internalOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.internalOrigin;
  }

  /** Where the process reaches its own API (undefined before listenInternal). */
  get internalApiOrigin(): string | undefined {
    return this.internalOrigin;
  }

  /** Starts draining; resolves when drained or after `deadlineMs` (remaining connections are cut). */
  drain(deadlineMs: number): Promise<void> {
    if (this.draining) return Promise.resolve();
    this.draining = true;
    for (const res of this.public.active) if (!res.headersSent) res.setHeader('Connection', 'close');
    this.public.close();
    this.public.server.closeIdleConnections();
    const drained = new Promise<void>((resolve) => (this.settle = resolve));
    this.onChange();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'deadline'>((resolve) => (timer = setTimeout(() => resolve('deadline'), deadlineMs)));
    return Promise.race([drained, deadline]).then((outcome) => {
      clearTimeout(timer);
      if (outcome === 'deadline') this.destroy();
    });
  }

  /** Closes both listeners and cuts every connection at once (a failed start, or the deadline). */
  destroy(): void {
    for (const t of [this.public, this.internal]) {
      t?.close();
      t?.server.closeAllConnections();
    }
  }

  private onChange(): void {
    if (!this.draining) return;
    this.check();
    // An answer sent with keep-alive before the drain leaves an idle connection once it is done.
    setImmediate(() => this.check());
  }

  private check(): void {
    this.public.server.closeIdleConnections();
    if (this.public.active.size > 0 || this.public.sockets.size > 0) return;
    // The public side is drained: no page still needs the internal API.
    if (this.internal) {
      this.internal.close();
      this.internal.server.closeIdleConnections();
      if (this.internal.active.size > 0 || this.internal.sockets.size > 0) return;
    }
    this.settle?.();
  }
}
