import { Module } from '@nestjs/common';
import { VideoController } from './video.controller.js';
import { VideoService } from './video.service.js';
import './video.errors.js';

/** Video embeds: oEmbed metadata and poster pictures from our own origin (docs/video.md). */
@Module({
  controllers: [VideoController],
  providers: [VideoService],
  exports: [VideoService],
})
export class VideoModule {}
