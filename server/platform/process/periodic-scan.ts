import type { Logger } from '@nestjs/common';

/**
 * Runs `scan` every `intervalMs`, one run at a time (a tick that finds the last run still going is
 * skipped), for the repair scans of the worker roles (outbox redelivery, mail redelivery). A failing
 * run is warned about once, and once more when a run works again, so an outage of the database or the
 * queue does not flood the log.
 */
export class PeriodicScan {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private failing = false;

  constructor(
    private readonly name: string,
    private readonly logger: Logger,
    private readonly scan: () => Promise<unknown>,
  ) {}

  start(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(intervalMs), intervalMs);
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private tick(intervalMs: number): void {
    if (this.running) return;
    this.running = this.scan()
      .then(() => {
        if (this.failing) this.logger.log(`${this.name} works again`);
        this.failing = false;
      })
      .catch((err: Error) => {
        if (!this.failing) this.logger.warn(`${this.name} failed (${err.message}); trying again in ${intervalMs} ms`);
        this.failing = true;
      })
      .finally(() => (this.running = undefined));
  }
}
