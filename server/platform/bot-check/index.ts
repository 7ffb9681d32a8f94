export { BotCheckModule } from './bot-check.module.js';
export { BotCheckService } from './bot-check.service.js';
export { BotCheckFailedError, BotCheckUnavailableError, BOT_CHECK_FAILED, BOT_CHECK_UNAVAILABLE, BOT_CHECK_FIELD, BOT_CHECK_RETRY_AFTER_SECONDS } from './bot-check.errors.js';
export type { AssertHumanRequest, BotCheckAction, BotCheckPublicSettings, BotCheckRefusal, BotCheckRequest, BotCheckVerdict } from './bot-check.types.js';
export { BOT_CHECK_ACTIONS } from '../../../contract/api/bot-check.js';
