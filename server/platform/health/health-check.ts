/** Other platform parts (the queue backend) contribute readiness checks under this token. */
export const HEALTH_CHECKS = Symbol('HEALTH_CHECKS');
export interface HealthCheck {
  name: string;
  check(): Promise<void>;
}
