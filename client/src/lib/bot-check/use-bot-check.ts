import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { BotCheckAction } from '../../../../contract/api/bot-check';
import { useLocale } from '../../hooks/use-locale';
import { BotCheckLoader } from './loader';

/** One loader per page (one script, one widget). */
export const pageBotCheckLoader = new BotCheckLoader();

/** How long the provider may take to issue a token before the form is sent without one (the server decides then). */
export const BOT_CHECK_TOKEN_TIMEOUT_MS = 10_000;

export interface BotCheck {
  /** Whether the server has the check on (a site key is configured). */
  enabled: boolean;
  /**
   * A fresh token for `action`, asked for just before the form is sent (tokens live two minutes and
   * count once); undefined when the check is off or the provider could not be reached (the server
   * then refuses or lets the form through, per endpoint).
   */
  token(action: BotCheckAction): Promise<string | undefined>;
  /** Starts loading the script (a protected form's first focus), so token() is quick; no-op when off. */
  preload(): void;
}

/**
 * The bot check for a protected form (contact, newsletter, registration): nothing is loaded until
 * the form is focused or sent, and never on a page without such a form.
 */
export function useBotCheck(): BotCheck {
  const settings = useRouteContext({ from: rootRouteId, select: (c) => c.botCheck });
  const language = useLocale();
  const siteKey = settings?.siteKey;
  const scriptUrl = settings?.scriptUrl;

  const load = useCallback(
    () => (siteKey && scriptUrl ? pageBotCheckLoader.load({ siteKey, scriptUrl, language }) : null),
    [siteKey, scriptUrl, language],
  );
  const token = useCallback(
    async (action: BotCheckAction): Promise<string | undefined> => {
      const loading = load();
      if (!loading) return undefined;
      try {
        const instance = await loading;
        return await withTimeout(instance.execute(action), BOT_CHECK_TOKEN_TIMEOUT_MS);
      } catch {
        return undefined;
      }
    },
    [load],
  );
  const preload = useCallback(() => {
    load()?.catch(() => undefined);
  }, [load]);
  return useMemo(() => ({ enabled: !!siteKey, token, preload }), [siteKey, token, preload]);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
