import { z } from 'zod';
import { data } from './fields.js';

/** `/api/health`: liveness and readiness, for load balancers and operators. */

export const LivenessResponse = data(z.object({ status: z.literal('ok') }));

const check = z.object({ status: z.enum(['up', 'down']), error: z.string().optional() });

/** 200 when ready; 503 when a dependency is down or the process is shutting down. */
export const ReadinessResponse = data(
  z.object({
    status: z.enum(['ready', 'not_ready', 'shutting_down']),
    checks: z.record(z.string(), check).meta({ description: 'Per dependency (postgres, the queue backend, ...)' }),
  }),
);
