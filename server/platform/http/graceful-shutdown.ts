import type { Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** Tracks one server's connections and the requests being answered on them. */
class Tracked {
  readonly sockets = new Set<Duplex>();
  readonly active = new Set<ServerResponse>();

  constructor(
    readonly server: Server,
    onRequest: (res: ServerResponse) => void,
    onChange: () => void,
  ) {
    server.on('connection', (socket: Duplex) => {
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
 * Page rendering calls this process's own API (SSR loaders) in process, on a server that never
 * listens (platform/ssr/in-process-api.ts, `trackInProcess`): nothing closes its way in, so a page
 * in flight at SIGTERM still gets its data, and its calls count as in flight too: the drain ends
 * only when they are answered as well. A request that reaches a kept-alive connection
 * just as it is closed is reset, as with every HTTP server; clients retry it (Node:
 * `req.reusedSocket`).
 */
export class HttpDrain {
  private readonly public: Tracked;
  private inProcess: Tracked | undefined;
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

  /** Requests being answered right now (public and in-process). */
  get inFlight(): number {
    return this.public.active.size + (this.inProcess?.active.size ?? 0);
  }

  /** Counts the requests of the in-process API server (it never listens) as in flight too. */
  trackInProcess(server: Server): void {
    this.inProcess = new Tracked(
      server,
      () => undefined,
      () => this.onChange(),
    );
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

  /** Closes the listener and cuts every connection at once, in-process ones too (a failed start, or the deadline). */
  destroy(): void {
    this.public.close();
    this.public.server.closeAllConnections();
    for (const socket of this.inProcess?.sockets ?? []) socket.destroy();
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
    // The public side is drained; an in-process API call of a page whose visitor left may still run.
    if (this.inProcess && (this.inProcess.active.size > 0 || this.inProcess.sockets.size > 0)) return;
    this.settle?.();
  }
}
