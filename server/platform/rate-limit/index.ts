export { RateLimitModule } from './rate-limit.module.js';
export { RateLimitService, RateLimitedError, type RateLimitRule } from './rate-limit.service.js';
