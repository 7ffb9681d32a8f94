export { QueueName, QUEUE_SETTINGS, KEEP_COMPLETED, KEEP_FAILED, type QueueSettings } from './queue-name.js';
export { QueueModule } from './queue.module.js';
export { QueueService, QUEUE_BACKEND, type JobHandler, type JobToAdd, type ScheduleOptions } from './queue.service.js';
export { QueueHealthCheck } from './queue-health.check.js';
export { QueueError, type QueueErrorCode } from './queue.errors.js';
export { assertJobId } from './job-id.js';
export { JobDataSealer, isSealed, type SealedValue } from './sealed-data.js';
export { POSTGRES_QUEUE_SCHEMA, type QueueBackend, type QueueBackendKind } from './queue-backend.js';
export { mountQueueDashboard, QUEUE_DASHBOARD_PATH, DASHBOARD_CSP } from './queue-dashboard.js';
