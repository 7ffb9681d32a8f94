import { useId, useState, type FormEvent } from 'react';
import { ApiError, browserApi, type Api } from '../../api/http';
import { useT } from '../../hooks/use-locale';

/** Where a mailed link's page stands: its one button not pressed yet, done, or refused with the API's message. */
export type TokenOutcome = { kind: 'form' } | { kind: 'done' } | { kind: 'failed'; message: string };

/**
 * A mailed link's page (account activation, sign-in link, e-mail change, newsletter confirm and
 * unsubscribe): its one button sends the link's token with `send` once (busy meanwhile), then the page
 * shows the outcome and moves the focus to it (`resultId`). A refusal shows the API's message; a
 * failure of ours or of the network the general one.
 */
export function useTokenAction(
  token: string | undefined,
  send: (api: Api, token: string) => Promise<unknown>,
  initial: TokenOutcome = { kind: 'form' },
) {
  const { t, locale } = useT();
  const resultId = useId();
  const [outcome, setOutcome] = useState<TokenOutcome>(initial);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !token) return;
    setBusy(true);
    try {
      await send(browserApi(locale), token);
      setOutcome({ kind: 'done' });
    } catch (error) {
      const message = error instanceof ApiError && error.status > 0 && error.status < 500 ? error.errors[0]?.message : undefined;
      setOutcome({ kind: 'failed', message: message || t('error.general') });
    } finally {
      setBusy(false);
      requestAnimationFrame(() => document.getElementById(resultId)?.focus());
    }
  };
  return { outcome, busy, submit, resultId };
}
