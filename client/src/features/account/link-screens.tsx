import { useEffect, useState, type ReactNode } from 'react';
import type { Api } from '../../api/http';
import { ScreenLink } from '../../components/screen-link';
import { useT } from '../../hooks/use-locale';
import type { ScreenId } from '../../../../contract/paths';
import { activateAccount, confirmEmailChange, signInWithLink } from './account-api';
import { formStyles, Notice, ScreenPage, SubmitRow, useTokenAction } from '../../components/forms';
import type { LinkSearch } from './search-params';
import { useAfterSignIn } from './shared';

type LinkScreen = 'account_activation' | 'magic_link' | 'email_confirmation';

/**
 * The page of an account mail's link (`?token=`). Opening it changes nothing, so a mail scanner that follows
 * links uses no token up; the button sends the token by POST with the page's CSRF token. The token leaves the
 * address bar as soon as the page runs (before any analytics container could read the URL; children's effects
 * run before the consent provider's), and the page asks for no referrer (route head).
 */
function LinkPage({
  screen,
  search,
  send,
  button,
  busyLabel,
  done,
  failedLink,
}: {
  screen: LinkScreen;
  search: LinkSearch;
  send: (api: Api, token: string) => Promise<void>;
  button: string;
  busyLabel: string;
  done: ReactNode;
  failedLink: { screen: ScreenId; label: string };
}) {
  const { t } = useT();
  // Kept from the first render: the address bar (and with it the router's search) loses it below.
  const [token] = useState(search.token);
  const { outcome, busy, submit, resultId } = useTokenAction(token, send);

  useEffect(() => {
    if (window.location.search) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  return (
    <ScreenPage screen={screen} intro={outcome.kind === 'form' && !!token}>
      <div className={formStyles.narrow}>
        {!token ? (
          <Notice kind="error" id={resultId} testId="link-no-token">
            <p>{t('account.links.noToken')}</p>
            <p>
              <ScreenLink screen={failedLink.screen}>{failedLink.label}</ScreenLink>
            </p>
          </Notice>
        ) : outcome.kind === 'done' ? (
          <Notice kind="success" id={resultId} testId="link-done">
            {done}
          </Notice>
        ) : outcome.kind === 'failed' ? (
          <Notice kind="error" id={resultId} testId="link-failed">
            <p>{outcome.message}</p>
            <p>
              <ScreenLink screen={failedLink.screen}>{failedLink.label}</ScreenLink>
            </p>
          </Notice>
        ) : (
          <form className={formStyles.form} method="post" onSubmit={submit} noValidate data-testid="link-form">
            <SubmitRow busy={busy} busyLabel={busyLabel} label={button} />
          </form>
        )}
      </div>
    </ScreenPage>
  );
}

/** The activation mail's page: 'Activate account'. */
export function AccountActivationScreen({ search }: { search: LinkSearch }) {
  const { t } = useT();
  return (
    <LinkPage
      screen="account_activation"
      search={search}
      send={async (api, token) => void (await activateAccount(api, token))}
      button={t('account.links.activate')}
      busyLabel={t('account.links.activating')}
      done={
        <>
          <p>{t('account.links.activated')}</p>
          <p>
            <ScreenLink screen="login">{t('account.links.toLogin')}</ScreenLink>
          </p>
        </>
      }
      failedLink={{ screen: 'login', label: t('account.links.toLogin') }}
    />
  );
}

/** The magic link's page: 'Sign in', then on to where the link was asked from (else the profile). */
export function MagicLinkScreen({ search }: { search: LinkSearch }) {
  const { t } = useT();
  const afterSignIn = useAfterSignIn();
  return (
    <LinkPage
      screen="magic_link"
      search={search}
      send={async (api, token) => {
        const { redirect } = await signInWithLink(api, token);
        await afterSignIn(redirect);
      }}
      button={t('account.links.signIn')}
      busyLabel={t('account.links.signingIn')}
      done={<p>{t('account.links.signedIn')}</p>}
      failedLink={{ screen: 'login', label: t('account.links.newLink') }}
    />
  );
}

/** The e-mail change mail's page: 'Confirm new address'. */
export function EmailConfirmationScreen({ search }: { search: LinkSearch }) {
  const { t } = useT();
  return (
    <LinkPage
      screen="email_confirmation"
      search={search}
      send={async (api, token) => void (await confirmEmailChange(api, token))}
      button={t('account.links.confirmEmail')}
      busyLabel={t('account.links.confirmingEmail')}
      done={
        <>
          <p>{t('account.links.emailConfirmed')}</p>
          <p>
            <ScreenLink screen="profile">{t('account.links.toProfile')}</ScreenLink>
          </p>
        </>
      }
      failedLink={{ screen: 'profile', label: t('account.links.toProfile') }}
    />
  );
}
