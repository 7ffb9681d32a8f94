import { Injectable, Logger, SetMetadata } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

const SEEDER = Symbol('seeder');

/** Demo data a module contributes (its own rows, through its own services or entities). */
export interface DemoSeeder {
  seed(manager: EntityManager): Promise<void>;
}

/** Marks a provider as a demo-data seeder; `name` is recorded so it runs once per database. */
export const Seeder = (name: string, order = 100) => SetMetadata(SEEDER, { name, order });

@Injectable()
export class SeedService {
  private readonly logger = new Logger('seed');
  constructor(
    private readonly discovery: DiscoveryService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  private seeders(): Array<{ name: string; order: number; instance: DemoSeeder }> {
    return this.discovery
      .getProviders()
      .map((w) => ({
        meta: w.metatype ? (Reflect.getMetadata(SEEDER, w.metatype) as { name: string; order: number } | undefined) : undefined,
        w,
      }))
      .filter((x) => x.meta && x.w.instance)
      .map(({ meta, w }) => ({ ...meta!, instance: w.instance as DemoSeeder }))
      .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
  }

  /** Runs every seeder that has not run on this database yet, each in its own transaction. Returns their names. */
  async run(): Promise<string[]> {
    const ran: string[] = [];
    const seeders = this.seeders();
    if (!seeders.length) this.logger.log('No demo-data seeders are registered yet');
    for (const s of seeders) {
      const done = await this.db.transaction(async (manager) => {
        const claimed = await manager.query(`INSERT INTO seed_run (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING name`, [s.name]);
        if (!claimed.length) return false;
        await s.instance.seed(manager);
        return true;
      });
      if (done) {
        ran.push(s.name);
        this.logger.log(`Demo data seeded: ${s.name}`);
      }
    }
    return ran;
  }
}
