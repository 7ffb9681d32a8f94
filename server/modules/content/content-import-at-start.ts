import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { ContentImporter } from './content-importer.js';

/**
 * A web (or all) process imports content/ once as it starts, before it listens (docs/content.md):
 * replicas starting together take turns on the import's advisory lock, and the later ones find every
 * file unchanged. A failure is logged, never a reason not to start: the texts of the last import stay.
 */
@Injectable()
export class ContentImportAtStart implements OnApplicationBootstrap {
  private readonly logger = new Logger('content');

  constructor(
    private readonly importer: ContentImporter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.role === 'worker' || !this.config.content.importAtStart) return;
    try {
      const r = await this.importer.run();
      for (const e of r.errors) this.logger.warn(`content import: ${e.path}: ${e.message}`);
      this.logger.log(
        `content import (${r.dir}): ${r.files} files, ${r.created} new, ${r.updated} changed, ${r.unchanged} unchanged, ${r.unpublished} unpublished, ${r.errors.length} refused, ${r.warnings.length} warnings`,
      );
    } catch (err) {
      this.logger.error(`content import at start failed: ${(err as Error).message}`);
    }
  }
}
