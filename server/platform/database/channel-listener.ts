import pg from 'pg';

export interface ChannelListenerOptions {
  databaseUrl: string;
  /** The NOTIFY channel (a plain identifier). */
  channel: string;
  /** Shown in pg_stat_activity. */
  applicationName: string;
  /** Every notification on the channel. */
  onNotification: (payload: string | undefined) => void;
  /** Each time the connection listens (again): `after` is the failures it recovered from, 0 the first time. */
  onListening?: (after: number) => void;
  /** The first failure of a streak (later ones are quiet until it listens again). */
  onLost?: (err: Error, retryInMs: number) => void;
}

/**
 * One dedicated PostgreSQL connection that LISTENs on a channel, for as long as it runs: a lost
 * connection (PostgreSQL restarted, the network cut) reconnects with backoff, 0.5 s doubling to 10 s.
 * What was notified while it was away is lost; callers catch up in `onListening` (the outbox relay
 * drains, the render cache drops everything).
 */
export class ChannelListener {
  private client: pg.Client | undefined;
  private running = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: ChannelListenerOptions) {}

  /** Resolves once listening, or once the first attempt failed and a retry is scheduled. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.listen();
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    if (!this.running) return;
    const client = new pg.Client({ connectionString: this.opts.databaseUrl, application_name: this.opts.applicationName, keepAlive: true });
    const retry = (err: Error) => {
      if (this.client === client) this.client = undefined;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (!this.running || this.retryTimer) return;
      this.failures++;
      const delay = Math.min(500 * 2 ** (this.failures - 1), 10_000);
      if (this.failures === 1) this.opts.onLost?.(err, delay);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined;
        void this.listen();
      }, delay);
    };
    client.on('error', retry);
    client.on('end', () => {
      if (this.running && this.client === client) retry(new Error('connection ended'));
    });
    client.on('notification', (message) => {
      if (message.channel === this.opts.channel) this.opts.onNotification(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.opts.channel}`);
    } catch (err) {
      retry(err as Error);
      return;
    }
    if (!this.running) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    const recovered = this.failures;
    this.failures = 0;
    this.opts.onListening?.(recovered);
  }
}
