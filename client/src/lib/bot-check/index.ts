export { BotCheckNotice } from './notice';
export { useBotCheck } from './use-bot-check';
