import { Global, Module } from '@nestjs/common';
import { BotCheckService } from './bot-check.service.js';

/** The bot check (docs/bot-check.md), injectable everywhere: modules call BotCheckService.assertHuman. */
@Global()
@Module({
  providers: [BotCheckService],
  exports: [BotCheckService],
})
export class BotCheckModule {}
