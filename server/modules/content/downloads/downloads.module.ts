import { Module } from '@nestjs/common';
import { CatalogModule } from '../../catalog/index.js';
import { DownloadsController } from './downloads.controller.js';
import { DownloadsService } from './downloads.service.js';
import './downloads.errors.js';

/**
 * The about-us downloads (issue 12; docs/content.md 'Downloads'): the catalogue PDF per language from
 * the live catalogue and the fun book PDF, listed with their sizes and served at stable URLs. Part of
 * the content module (its index exports this; the content module imports it).
 */
@Module({
  imports: [CatalogModule],
  controllers: [DownloadsController],
  providers: [DownloadsService],
  exports: [DownloadsService],
})
export class ContentDownloadsModule {}
