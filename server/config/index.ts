export { APP_CONFIG, ConfigError, loadConfig } from './config.js';
export { loadEnvFile } from './env-file.js';
export type { AppConfig, Role } from './config.js';
export { ConfigModule } from './config.module.js';
import { loadConfig } from './config.js';

/** The one place that reads the process environment. */
export function configFromProcessEnv() {
  return loadConfig(process.env);
}
