import { Global, Module } from '@nestjs/common';
import { RateLimitService } from './rate-limit.service.js';

/** Shared rate limits (Redis or PostgreSQL); any module injects RateLimitService. */
@Global()
@Module({ providers: [RateLimitService], exports: [RateLimitService] })
export class RateLimitModule {}
