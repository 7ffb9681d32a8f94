import { type DynamicModule, type InjectionToken, Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { HEALTH_CHECKS, type HealthCheck } from './health-check.js';
import { ShutdownState } from './shutdown-state.js';

@Module({})
export class HealthModule {
  /** `checks` are provider tokens resolving to HealthCheck objects. */
  static register(checkTokens: InjectionToken[], imports: DynamicModule['imports'] = []): DynamicModule {
    return {
      module: HealthModule,
      imports,
      controllers: [HealthController],
      providers: [
        ShutdownState,
        {
          provide: HEALTH_CHECKS,
          useFactory: (...checks: HealthCheck[]) => checks,
          inject: checkTokens,
        },
      ],
      exports: [ShutdownState],
    };
  }
}
