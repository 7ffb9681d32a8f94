import { Module } from '@nestjs/common';
import { AdminAppController } from './admin-app.controller.js';

/** Serves the back office app's page (admin-app.controller.ts); its assets are mounted by main.ts (mountAdminAssets). */
@Module({ controllers: [AdminAppController] })
export class AdminAppModule {}
