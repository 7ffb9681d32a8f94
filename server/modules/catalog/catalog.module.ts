import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogController } from './catalog.controller.js';
import { CatalogAdminController } from './admin/catalog-admin.controller.js';
import { CatalogAdminRepository } from './admin/catalog-admin.repository.js';
import { CatalogAdminService } from './admin/catalog-admin.service.js';
import { CategoryEditorController, ProductEditorController } from './admin/product-editor.controller.js';
import { ProductEditorRepository } from './admin/product-editor.repository.js';
import { ProductEditorService } from './admin/product-editor.service.js';
import { ProductPhotosController } from './admin/photos/product-photos.controller.js';
import { ProductPhotosRepository } from './admin/photos/product-photos.repository.js';
import { ProductPhotosService } from './admin/photos/product-photos.service.js';
import { ProductPhotos } from './product-photos.repository.js';
import { ReservedStock } from './admin/reserved-stock.js';
import { LowStockMail } from './jobs/low-stock-mail.job.js';
import { MailModule } from '../../platform/mail/index.js';
import { CatalogAnswers } from './answer-cache.js';
import { CatalogService } from './catalog.service.js';
import { CatalogDemoSeeder } from './catalog-demo.seeder.js';
import { Category, CategoryTranslation } from './category.entity.js';
import { PriceService } from './price.service.js';
import { StockFigures } from './stock-figures.repository.js';
import { ProductRepository } from './product.repository.js';
import { CATALOG_ENTITIES } from './product.entity.js';
import './catalog.errors.js';

@Module({
  imports: [TypeOrmModule.forFeature([Category, CategoryTranslation, ...CATALOG_ENTITIES]), MailModule],
  controllers: [CatalogController, CatalogAdminController, ProductEditorController, CategoryEditorController, ProductPhotosController],
  providers: [
    ProductRepository,
    CatalogService,
    PriceService,
    CatalogDemoSeeder,
    CatalogAnswers,
    CatalogAdminRepository,
    CatalogAdminService,
    ProductEditorService,
    ProductEditorRepository,
    ProductPhotosService,
    ProductPhotosRepository,
    ProductPhotos,
    ReservedStock,
    LowStockMail,
    StockFigures,
  ],
  exports: [CatalogService, PriceService, ReservedStock, StockFigures],
})
export class CatalogModule {}
