import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import type { DataSource } from 'typeorm';
import { LivenessResponse, ReadinessResponse } from '../../../contract/api/health.js';
import { ApiZodResponse } from '../http/zod-validation.openapi.js';
import { HEALTH_CHECKS, type HealthCheck } from './health-check.js';
import { ShutdownState } from './shutdown-state.js';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(HEALTH_CHECKS) private readonly checks: HealthCheck[],
    private readonly shutdown: ShutdownState,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Liveness: the process answers.' })
  @ApiZodResponse(LivenessResponse)
  live() {
    return { data: { status: 'ok' } };
  }

  @Get('ready')
  @ApiOperation({
    summary: 'Readiness: PostgreSQL and the queue backend are reachable and the process is not shutting down (503 otherwise).',
  })
  @ApiZodResponse(ReadinessResponse)
  @ApiZodResponse(ReadinessResponse, 503, 'Not ready')
  async ready(@Res({ passthrough: true }) res: Response) {
    // Draining: answered at once, without touching the database the drain is protecting.
    if (this.shutdown.shuttingDown) return this.shuttingDown(res);
    const all: HealthCheck[] = [{ name: 'postgres', check: async () => void (await this.db.query('SELECT 1')) }, ...this.checks];
    const results = await Promise.all(
      all.map(async (c) => {
        const { name } = c;
        try {
          await withTimeout(c.check(), 2000);
          return [name, { status: 'up' }] as const;
        } catch (err) {
          return [name, { status: 'down', error: (err as Error).message }] as const;
        }
      }),
    );
    // The signal came while the checks ran: no 'ready' may leave a process that is shutting down.
    if (this.shutdown.shuttingDown) return this.shuttingDown(res);
    const checks = Object.fromEntries(results);
    const up = results.every(([, r]) => r.status === 'up');
    if (!up) res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { data: { status: up ? 'ready' : 'not_ready', checks } };
  }

  private shuttingDown(res: Response) {
    res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { data: { status: 'shutting_down', checks: { process: { status: 'down', error: 'shutting down' } } } };
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e: unknown) => (clearTimeout(t), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}
