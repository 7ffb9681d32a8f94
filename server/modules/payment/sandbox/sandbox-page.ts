import { LOCALE_TAGS, type Locale } from '../../../../contract/locales.js';
import { escapeMarkup } from '../../../../contract/markup.js';
import { SERVER_TEXTS, type ServerTexts } from '../../../platform/i18n/index.js';

/**
 * The sandbox's server-rendered pages (the emulator of Monri's hosted card page): plain HTML in the
 * form's language, no script at all, one small stylesheet carried under the response's CSP nonce.
 * Every dynamic value is escaped.
 */

/** The pages' words are in server/locales (`payment.sandbox`). */
export type SandboxText = keyof ServerTexts['payment']['sandbox'];

export function sandboxText(locale: Locale, key: SandboxText): string {
  return SERVER_TEXTS[locale].payment.sandbox[key];
}

const CSS = `
body{font-family:system-ui,sans-serif;margin:0;background:#f4f1ea;color:#1f1f1f;line-height:1.5}
main{max-width:32rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:.5rem;border:1px solid #d6d0c4}
h1{font-size:1.4rem;margin-top:0}
.notice{background:#fff4d6;border-left:4px solid #a86b00;padding:.5rem .75rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
dt{font-weight:600}
form{margin:.5rem 0}
button{font:inherit;padding:.6rem 1rem;border-radius:.35rem;border:2px solid #1f1f1f;background:#fff;cursor:pointer;min-width:16rem}
button.approve{background:#1d6b2f;border-color:#1d6b2f;color:#fff}
button.decline{background:#9b1c1c;border-color:#9b1c1c;color:#fff}
.declined{background:#fde8e8;border-left:4px solid #9b1c1c;padding:.5rem .75rem}
button:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
`;

/** A whole page: `body` is trusted HTML built by the functions below (their values escaped). */
export function page(locale: Locale, nonce: string, heading: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeMarkup(heading)}</title>
<style nonce="${escapeMarkup(nonce)}">${CSS}</style>
</head>
<body>
<main>
<h1>${escapeMarkup(heading)}</h1>
${body}
</main>
</body>
</html>`;
}

export interface PaymentPageData {
  /** The page still takes a card (undecided, or declined and not left). */
  open: boolean;
  id: string;
  orderNumber: string;
  amountCents: number;
  currency: string;
  buyerName: string;
  orderInfo: string;
  status: 'pending' | 'approved' | 'declined' | 'abandoned';
}

const money = (locale: Locale, cents: number, currency: string) =>
  new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency }).format(cents / 100);

/** The hosted page: what is being paid and the three choices (each a form of its own, no fields: the action says it). */
export function paymentPage(locale: Locale, nonce: string, base: string, data: PaymentPageData): string {
  const t = (key: SandboxText) => escapeMarkup(sandboxText(locale, key));
  const summary = `<p class="notice">${t('notice')}</p>
<dl>
<dt>${t('order')}</dt><dd>${escapeMarkup(data.orderNumber)} – ${escapeMarkup(data.orderInfo)}</dd>
<dt>${t('amount')}</dt><dd>${escapeMarkup(money(locale, data.amountCents, data.currency))}</dd>
<dt>${t('buyer')}</dt><dd>${escapeMarkup(data.buyerName)}</dd>
</dl>`;
  if (!data.open)
    return page(
      locale,
      nonce,
      sandboxText(locale, 'title'),
      `${summary}\n<p role="status">${t(data.status === 'abandoned' ? 'abandoned' : 'decided')}</p>`,
    );
  const action = (choice: string) => `${base}/pay/${encodeURIComponent(data.id)}/${choice}`;
  // After a decline the buyer stays here (as on Monri's page): try the card again, or cancel back to the shop.
  const declined = data.status === 'declined' ? `<p role="alert" class="declined">${t('declinedNotice')}</p>\n` : '';
  return page(
    locale,
    nonce,
    sandboxText(locale, 'title'),
    `${summary}
${declined}<section aria-labelledby="choices">
<h2 id="choices">${t(data.status === 'declined' ? 'tryAgain' : 'choices')}</h2>
<form method="post" action="${action('approve')}"><button type="submit" class="approve">${t('approve')}</button></form>
<form method="post" action="${action('decline')}"><button type="submit" class="decline">${t('decline')}</button></form>
<form method="post" action="${action('cancel')}"><button type="submit">${t('cancel')}</button></form>
<form method="post" action="${action('abandon')}"><button type="submit">${t('abandon')}</button></form>
</section>`,
  );
}

/** A refusal (bad digest, missing field, unknown payment …): the heading, what to do, and the technical reason (in English, marked so). */
export function messagePage(locale: Locale, nonce: string, heading: SandboxText, detail: string): string {
  return page(
    locale,
    nonce,
    sandboxText(locale, heading),
    `<p role="alert">${escapeMarkup(sandboxText(locale, 'refusedHelp'))}</p>\n<p>${escapeMarkup(sandboxText(locale, 'detail'))} <span lang="en">${escapeMarkup(detail)}</span></p>`,
  );
}
