/* eslint-disable local/import-boundaries -- a medium test builds the module's inner services by hand (docs/architecture.md, 'Tests') */
import type { DataSource } from 'typeorm';
import { testConfig } from '../../support/app.js';
import { mediumDataSource } from '../../support/medium.js';
import { CatalogService } from '../../../server/modules/catalog/catalog.service.js';
import { Category, CategoryTranslation } from '../../../server/modules/catalog/category.entity.js';
import { PriceService } from '../../../server/modules/catalog/price.service.js';
import { Product, ProductOffer, ProductPrice, ProductRelated, ProductTranslation } from '../../../server/modules/catalog/product.entity.js';
import { ProductRepository } from '../../../server/modules/catalog/product.repository.js';
import { ProductPhotos } from '../../../server/modules/catalog/product-photos.repository.js';
import { MediaStore, PostgresMediaStorage } from '../../../server/platform/media/index.js';
import type { EventPublisher } from '../../../server/platform/events/index.js';

/** The products' KPD 2025 codes on real PostgreSQL: the migration's default and check, and CatalogService.kpdCodes. */
describe('product KPD codes (real PostgreSQL)', () => {
  let db: DataSource;
  let catalog: CatalogService;
  const texts = (name: string) =>
    Object.fromEntries(
      (['hr', 'en', 'de', 'sl'] as const).map((l) => [
        l,
        {
          name,
          slug: `${name}-${l}`.toLowerCase(),
          shortDescription: '',
          description: '',
          ingredients: '',
          allergens: '',
          cookingTips: '',
        },
      ]),
    ) as never;

  beforeAll(async () => {
    db = await mediumDataSource([Product, ProductTranslation, ProductPrice, ProductOffer, ProductRelated, Category, CategoryTranslation]);
    const events = { publish: () => Promise.resolve() } as unknown as EventPublisher;
    const products = new ProductRepository(db);
    catalog = new CatalogService(
      db,
      new PriceService(db, events, products),
      events,
      products,
      testConfig(),
      new ProductPhotos(new MediaStore(db, new PostgresMediaStorage(db))),
    );
    await db.transaction(async (m) => {
      await catalog.ensureCategory(m, 'kpd-test', texts('KpdTest'));
      await catalog.createProduct(m, {
        code: 'KPD-PASTA',
        line: 'classic',
        categoryCode: 'kpd-test',
        priceCents: 299,
        texts: texts('KpdPasta'),
      });
      await catalog.createProduct(m, {
        code: 'KPD-FLOUR',
        line: 'classic',
        categoryCode: 'kpd-test',
        priceCents: 199,
        vatRate: 5,
        kpdCode: '10.61.22',
        texts: texts('KpdFlour'),
      });
    });
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it('answers each product code with its KPD code, pasta by default, and leaves unknown codes out', async () => {
    const codes = await catalog.kpdCodes(['KPD-PASTA', 'KPD-FLOUR', 'KPD-PASTA', 'NO-SUCH-PRODUCT']);
    expect(Object.fromEntries(codes)).toEqual({ 'KPD-PASTA': '10.73.11', 'KPD-FLOUR': '10.61.22' });
    expect((await catalog.kpdCodes([])).size).toBe(0);
  });

  it('refuses a malformed code, in the service and in the table', async () => {
    await expect(
      db.transaction((m) =>
        catalog.createProduct(m, {
          code: 'KPD-BAD',
          line: 'classic',
          categoryCode: 'kpd-test',
          priceCents: 1,
          kpdCode: '10.73',
          texts: texts('KpdBad'),
        }),
      ),
    ).rejects.toThrow(/KPD/);
    await expect(db.query(`UPDATE product SET kpd_code = '1073.11' WHERE code = 'KPD-PASTA'`)).rejects.toThrow(/product_kpd_code_format/);
    expect(Object.fromEntries(await catalog.kpdCodes(['KPD-PASTA']))).toEqual({ 'KPD-PASTA': '10.73.11' });
  });
});
