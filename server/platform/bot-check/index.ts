export { BotCheckModule } from './bot-check.module.js';
export { BotCheckService } from './bot-check.service.js';
