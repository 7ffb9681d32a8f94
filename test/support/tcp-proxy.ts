import net from 'node:net';

/**
 * A tiny TCP proxy of the test's own on a free loopback port, in front of a real service (the
 * run's PostgreSQL): tests make that service unreachable for one shop (`cut()`: every connection
 * dropped, new ones refused), bring it back (`restore()`), or slow it down (`delayMs`), without
 * ever touching the shared server itself.
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  /** Added before each chunk the client sends is forwarded (order kept). */
  delayMs = 0;

  private constructor(
    private readonly target: { host: string; port: number },
    public port: number,
  ) {}

  /** Starts proxying loopback connections to `target`. */
  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target, 0);
    await proxy.listen();
    return proxy;
  }

  /** `url` (e.g. postgres://u@127.0.0.1:5432/db) with its host and port pointing at this proxy. */
  static async forUrl(url: string): Promise<{ proxy: TcpProxy; url: string }> {
    const parsed = new URL(url);
    const proxy = await TcpProxy.start({ host: parsed.hostname, port: Number(parsed.port || 5432) });
    parsed.hostname = '127.0.0.1';
    parsed.port = String(proxy.port);
    return { proxy, url: parsed.toString() };
  }

  get connections(): number {
    return this.sockets.size;
  }

  private listen(): Promise<void> {
    const server = net.createServer((client) => this.pipe(client));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        this.port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  private pipe(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host);
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on('error', () => undefined);
      s.once('close', () => {
        this.sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk) => {
      if (this.delayMs > 0) setTimeout(() => upstream.write(chunk), this.delayMs);
      else upstream.write(chunk);
    });
    upstream.pipe(client);
  }

  /** The service becomes unreachable: open connections are reset, new ones refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.resetAndDestroy();
    if (server) await new Promise((r) => server.close(r));
  }

  /** The service is reachable again, on the same port. */
  async restore(): Promise<void> {
    if (!this.server) await this.listen();
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
