import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogController } from './catalog.controller.js';
import { CatalogAnswers } from './answer-cache.js';
import { CatalogService } from './catalog.service.js';
import { CatalogDemoSeeder } from './catalog-demo.seeder.js';
import { Category, CategoryTranslation } from './category.entity.js';
import { PriceService } from './price.service.js';
import { StockFigures } from './stock-figures.js';
import { ProductRepository } from './product.repository.js';
import { CATALOG_ENTITIES } from './product.entity.js';
import './catalog.errors.js';

@Module({
  imports: [TypeOrmModule.forFeature([Category, CategoryTranslation, ...CATALOG_ENTITIES])],
  controllers: [CatalogController],
  providers: [ProductRepository, CatalogService, PriceService, CatalogDemoSeeder, CatalogAnswers, StockFigures],
  exports: [CatalogService, PriceService, StockFigures],
})
export class CatalogModule {}
