import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/index.js';
import { ContentAdminController } from './content-admin.controller.js';
import { ContentAdminService } from './content-admin.service.js';
import { ContentEditorService } from './content-editor.service.js';
import { ContentPreviewInterceptor } from './content-preview.interceptor.js';
import { ContentImagesController } from './content-images.controller.js';
import { ContentImportAtStart } from './content-import-at-start.js';
import { ContentImporter } from './content-importer.js';
import { ContentController } from './content.controller.js';
import { CONTENT_ENTITIES } from './content.entity.js';
import { ContentRepository } from './content.repository.js';
import { ContentService } from './content.service.js';
import { ContentDownloadsModule } from './downloads/downloads.module.js';
import { downloadTextsProvider } from './downloads/downloads.service.js';
import './content.errors.js';

@Module({
  imports: [TypeOrmModule.forFeature(CONTENT_ENTITIES), CatalogModule, ContentDownloadsModule],
  controllers: [ContentController, ContentAdminController, ContentImagesController],
  providers: [
    ContentRepository,
    ContentService,
    ContentAdminService,
    ContentEditorService,
    ContentPreviewInterceptor,
    ContentImporter,
    ContentImportAtStart,
    downloadTextsProvider(ContentService),
  ],
  exports: [ContentService, ContentImporter],
})
export class ContentModule {}
