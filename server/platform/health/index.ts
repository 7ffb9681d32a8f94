export { HealthModule } from './health.module.js';
export { type HealthCheck } from './health-check.js';
export { ShutdownState } from './shutdown-state.js';
