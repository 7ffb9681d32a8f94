import { newsletterConsentMarkup, type NewsletterSource } from '../../../../contract/newsletter';
import type { Locale } from '../../../../contract/locales';
import { ScreenLink } from '../../components/screen-link';

/**
 * The newsletter's consent sentence exactly as the server stores it in the consent record
 * (contract/newsletter.ts), its `<link>…</link>` part a link to the privacy policy.
 */
export function ConsentText({ source, locale, linkClassName }: { source: NewsletterSource; locale: Locale; linkClassName?: string }) {
  const markup = newsletterConsentMarkup(source, locale);
  const match = /^(.*)<link>(.*)<\/link>(.*)$/s.exec(markup);
  if (!match) return <>{markup}</>;
  return (
    <>
      {match[1]}
      <ScreenLink screen="privacy_policy" className={linkClassName}>
        {match[2]}
      </ScreenLink>
      {match[3]}
    </>
  );
}
