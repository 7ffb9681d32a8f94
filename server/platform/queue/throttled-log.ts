import type { Logger } from '@nestjs/common';

/**
 * Logs a repeating error (a connection retrying every few seconds) once per interval, and any
 * different message at once.
 */
export function throttledWarn(logger: Logger, label: string, everyMs = 10_000): (err: Error) => void {
  let last = 0;
  let lastMessage = '';
  return (err: Error) => {
    const now = Date.now();
    if (err.message !== lastMessage || now - last > everyMs) {
      last = now;
      lastMessage = err.message;
      logger.warn(`${label}: ${err.message}`);
    }
  };
}
