import { type DynamicModule, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AppConfig, Role } from '../../server/config/index.js';
import { AppModule } from '../../server/app.module.js';
import { runMigrations } from '../../server/platform/database/index.js';
import { createLogger, PinoNestLogger } from '../../server/platform/logger/logger.js';
import { testConfig } from './app.js';

@Module({})
class TestRootModule {}

export interface TestApp {
  app: INestApplicationContext;
  config: AppConfig;
  /** app.close(): the same graceful shutdown `stop()` of main.ts runs after closing HTTP. */
  close(): Promise<void>;
}

/**
 * The real composition root (AppModule) plus test-only modules (subscribers, jobs), booted like
 * main.ts boots the worker role: migrations, then an application context (no HTTP). Use it when
 * a test needs subscribers of its own; `startShop` when it needs HTTP.
 */
export async function startTestApp(opts: {
  env: Record<string, string | undefined>;
  role?: Role;
  imports?: DynamicModule['imports'];
}): Promise<TestApp> {
  const base = testConfig(opts.env);
  const config: AppConfig = { ...base, role: opts.role ?? 'worker' };
  const databaseUrl = config.database.url;
  if (!databaseUrl) throw new Error('startTestApp needs DATABASE_URL');
  await runMigrations(databaseUrl);
  const app = await NestFactory.createApplicationContext(
    { module: TestRootModule, imports: [AppModule.register({ config, databaseUrl }), ...(opts.imports ?? [])] },
    { logger: new PinoNestLogger(createLogger(process.env.TEST_LOG_LEVEL ?? 'error', { role: config.role })) },
  );
  let closing: Promise<void> | undefined;
  return { app, config, close: () => (closing ??= app.close()) };
}
