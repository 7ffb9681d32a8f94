import { Global, Module } from '@nestjs/common';
import { BotCheckController } from './bot-check.controller.js';
import { BotCheckService } from './bot-check.service.js';

/** The bot check (docs/bot-check.md), injectable everywhere: modules call BotCheckService.assertHuman. */
@Global()
@Module({
  controllers: [BotCheckController],
  providers: [BotCheckService],
  exports: [BotCheckService],
})
export class BotCheckModule {}
