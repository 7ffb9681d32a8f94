import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { HEALTH_CHECKS, type HealthCheck } from './health-check.js';

@Module({})
export class HealthModule {
  /** `checks` are provider tokens resolving to HealthCheck objects. */
  static register(checkTokens: Array<Provider extends never ? never : string | symbol | Function>, imports: DynamicModule['imports'] = []): DynamicModule {
    return {
      module: HealthModule,
      imports,
      controllers: [HealthController],
      providers: [
        {
          provide: HEALTH_CHECKS,
          useFactory: (...checks: HealthCheck[]) => checks,
          inject: checkTokens as never[],
        },
      ],
    };
  }
}
