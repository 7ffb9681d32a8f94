export { QueueName, QUEUE_SETTINGS } from './queue-name.js';
export { QueueModule } from './queue.module.js';
export { QueueService, type JobToAdd } from './queue.service.js';
export { ScheduledJob, ScheduledJobsProcessor } from './scheduled-jobs.js';
export { QueueHealthCheck } from './queue-health.check.js';
export { QueueError } from './queue.errors.js';
export { assertJobId } from './job-id.js';
export { JobDataSealer, isSealed, type SealedValue } from './sealed-data.js';
export { mountQueueDashboard, DASHBOARD_CSP } from './queue-dashboard.js';
