import { Global, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { MediaController } from './media.controller.js';
import { PostgresMediaStorage, S3MediaStorage, type MediaStorage } from './media-storage.js';
import { MEDIA_STORAGE, MediaStore } from './media-store.js';

/** The picture store (docs/admin.md 'Photos'). Global: a module's service injects MediaStore. */
@Global()
@Module({
  controllers: [MediaController],
  providers: [
    {
      provide: MEDIA_STORAGE,
      inject: [APP_CONFIG, getDataSourceToken()],
      useFactory: (config: AppConfig, db: DataSource): MediaStorage =>
        config.media.storage === 's3' ? new S3MediaStorage(config.media.s3) : new PostgresMediaStorage(db),
    },
    MediaStore,
  ],
  exports: [MediaStore],
})
export class MediaModule {}
