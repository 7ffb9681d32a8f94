export { HealthModule } from './health.module.js';
export { HEALTH_CHECKS, type HealthCheck } from './health-check.js';
export { ShutdownState } from './shutdown-state.js';
