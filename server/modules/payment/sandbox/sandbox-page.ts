import type { Locale } from '../../../../contract/locales.js';
import { escapeMarkup } from '../../../../contract/markup.js';

/**
 * The sandbox's server-rendered pages (the emulator of Monri's hosted card page): plain HTML in the
 * form's language, no script at all, one small stylesheet carried under the response's CSP nonce.
 * Every dynamic value is escaped.
 */

const TEXTS = {
  hr: {
    title: 'Testno plaćanje karticom (sandbox)',
    notice: 'Ovo je testna stranica trgovine, a ne prava banka: kartica se ne tereti.',
    order: 'Narudžba',
    amount: 'Iznos',
    buyer: 'Kupac',
    approve: 'Odobri plaćanje',
    decline: 'Odbij plaćanje',
    cancel: 'Odustani i vrati se u trgovinu',
    declinedNotice: 'Kartica je odbijena (testni odgovor banke). Pokušajte ponovno ili odustanite i vratite se u trgovinu.',
    tryAgain: 'Pokušajte ponovno',
    abandon: 'Zatvori karticu bez odluke',
    choices: 'Što banka treba odgovoriti?',
    abandoned: 'Plaćanje je ostavljeno nedovršeno. Trgovina nije obaviještena; ovu karticu preglednika sada možete zatvoriti.',
    decided: 'O ovom plaćanju već je odlučeno.',
    refused: 'Zahtjev za plaćanje odbijen',
    notFound: 'Ovo plaćanje ne postoji.',
    refusedHelp: 'Stranica za plaćanje ne može prihvatiti ovaj zahtjev. Vratite se u trgovinu i pokušajte ponovno.',
    detail: 'Tehnički razlog (engleski):',
  },
  en: {
    title: 'Test card payment (sandbox)',
    notice: 'This is the shop’s test page, not a real bank: no card is charged.',
    order: 'Order',
    amount: 'Amount',
    buyer: 'Buyer',
    approve: 'Approve the payment',
    decline: 'Decline the payment',
    cancel: 'Cancel and return to the shop',
    declinedNotice: 'The card was declined (the test bank’s answer). Try again, or cancel and return to the shop.',
    tryAgain: 'Try again',
    abandon: 'Close the tab without deciding',
    choices: 'What should the bank answer?',
    abandoned: 'The payment was left unfinished. The shop was not told anything; you can close this browser tab now.',
    decided: 'This payment has already been decided.',
    refused: 'Payment request refused',
    notFound: 'This payment does not exist.',
    refusedHelp: 'The payment page cannot accept this request. Go back to the shop and try again.',
    detail: 'Technical reason:',
  },
  de: {
    title: 'Testzahlung mit Karte (Sandbox)',
    notice: 'Dies ist die Testseite des Shops, keine echte Bank: Keine Karte wird belastet.',
    order: 'Bestellung',
    amount: 'Betrag',
    buyer: 'Käufer',
    approve: 'Zahlung genehmigen',
    decline: 'Zahlung ablehnen',
    cancel: 'Abbrechen und zum Shop zurückkehren',
    declinedNotice:
      'Die Karte wurde abgelehnt (Antwort der Testbank). Versuchen Sie es erneut oder brechen Sie ab und kehren Sie zum Shop zurück.',
    tryAgain: 'Erneut versuchen',
    abandon: 'Tab ohne Entscheidung schließen',
    choices: 'Was soll die Bank antworten?',
    abandoned: 'Die Zahlung wurde nicht abgeschlossen. Der Shop wurde nicht benachrichtigt; Sie können diesen Browser-Tab jetzt schließen.',
    decided: 'Über diese Zahlung wurde bereits entschieden.',
    refused: 'Zahlungsanfrage abgelehnt',
    notFound: 'Diese Zahlung gibt es nicht.',
    refusedHelp: 'Die Zahlungsseite kann diese Anfrage nicht annehmen. Kehren Sie zum Shop zurück und versuchen Sie es erneut.',
    detail: 'Technischer Grund (Englisch):',
  },
  sl: {
    title: 'Testno plačilo s kartico (peskovnik)',
    notice: 'To je testna stran trgovine, ne prava banka: kartica ni bremenjena.',
    order: 'Naročilo',
    amount: 'Znesek',
    buyer: 'Kupec',
    approve: 'Odobri plačilo',
    decline: 'Zavrni plačilo',
    cancel: 'Prekliči in se vrni v trgovino',
    declinedNotice: 'Kartica je bila zavrnjena (odgovor testne banke). Poskusite znova ali prekličite in se vrnite v trgovino.',
    tryAgain: 'Poskusite znova',
    abandon: 'Zapri zavihek brez odločitve',
    choices: 'Kaj naj odgovori banka?',
    abandoned: 'Plačilo je ostalo nedokončano. Trgovina ni bila obveščena; ta zavihek brskalnika lahko zdaj zaprete.',
    decided: 'O tem plačilu je že odločeno.',
    refused: 'Zahteva za plačilo zavrnjena',
    notFound: 'To plačilo ne obstaja.',
    refusedHelp: 'Plačilna stran te zahteve ne more sprejeti. Vrnite se v trgovino in poskusite znova.',
    detail: 'Tehnični razlog (angleško):',
  },
} satisfies Record<Locale, Record<string, string>>;

export type SandboxText = keyof (typeof TEXTS)['en'];

export function sandboxText(locale: Locale, key: SandboxText): string {
  return TEXTS[locale][key];
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
  new Intl.NumberFormat({ hr: 'hr-HR', en: 'en-GB', de: 'de-DE', sl: 'sl-SI' }[locale], { style: 'currency', currency }).format(
    cents / 100,
  );

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
