import { Injectable } from '@nestjs/common';

/**
 * Set when the process begins its graceful shutdown: from then on readiness answers 503, so a
 * load balancer stops sending new work here while the in-flight work finishes.
 */
@Injectable()
export class ShutdownState {
  private since: Date | undefined;

  get shuttingDown(): boolean {
    return this.since !== undefined;
  }

  begin(): void {
    this.since ??= new Date();
  }
}
