export { BotCheckNotice } from './notice';
export { useBotCheck, type BotCheck } from './use-bot-check';
export {
  BotCheckLoader,
  BOT_CHECK_POLL_DELAY_MS,
  DIFFERENT_SITE_KEY_MESSAGE,
  NOT_A_BROWSER_MESSAGE,
  type BotCheckInstance,
  type BotCheckLoaderState,
} from './loader';
