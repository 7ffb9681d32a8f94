import { type DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SeedService } from './seed.js';
import { dataSourceOptions } from './data-source.js';
import { DATABASE_URL } from './database-url.js';

/** TypeORM on the PostgreSQL the boot sequence chose (DATABASE_URL or the embedded one). */
@Module({})
export class DatabaseModule {
  static forRoot(url: string, poolSize: number): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [DiscoveryModule, TypeOrmModule.forRoot({ ...dataSourceOptions(url, poolSize), autoLoadEntities: true })],
      providers: [SeedService, { provide: DATABASE_URL, useValue: url }],
      exports: [SeedService, DATABASE_URL],
    };
  }
}
