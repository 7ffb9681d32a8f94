import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Seeder, type DemoSeeder } from '../../platform/database/index.js';
import { CatalogService } from './catalog.service.js';
import { DEMO_CATEGORIES, demoProducts } from './catalog-demo.data.js';
import { PriceService } from './price.service.js';

/** The demo catalogue a newcomer sees after `npm start` (once per database). */
@Injectable()
@Seeder('catalog-demo', 10)
export class CatalogDemoSeeder implements DemoSeeder {
  constructor(
    private readonly catalog: CatalogService,
    private readonly prices: PriceService,
  ) {}

  async seed(manager: EntityManager): Promise<void> {
    for (const c of DEMO_CATEGORIES) await this.catalog.ensureCategory(manager, c.code, c.texts, c.position);
    for (const plan of demoProducts(new Date())) {
      await this.catalog.createProduct(manager, plan.product);
      for (const change of plan.changes) await this.prices.changePrice(plan.product.code, change.cents, { at: change.at, manager });
      for (const offer of plan.offers) await this.prices.addOffer(plan.product.code, offer, manager);
    }
    await this.catalog.setRelated(manager, 'ZZ-ABC-400', ['ZZ-ABC-WW-400', 'ZZ-B-ABC-1000', 'ZZ-SPAE-400']);
  }
}
