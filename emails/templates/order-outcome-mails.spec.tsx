import { describe, expect, it } from '@jest/globals';
import {
  loadMailTranslations,
  MAIL_LOCALES,
  renderMail,
  type MailLocale,
  type RenderedMail,
  type TemplateName,
  type TemplateProps,
} from '../render.js';
import { previewOrder } from './order-preview.js';

/**
 * What the mails about an order's outcome say (paid notice, operator's cancel, expiry, refund), in all
 * four languages, read against the locale files: render.spec.tsx already checks every template's
 * subject, links, call to action and language; here the facts each one must carry.
 */
const PUBLIC_URL = 'https://shop.example.hr';
const ORDER_URL = `${PUBLIC_URL}/placanje-uspjesno?order=ZZ-2026-000123&token=v1ew`;
const ADMIN_URL = `${PUBLIC_URL}/admin/orders/ZZ-2026-000123`;
const translations = loadMailTranslations();

/** A locale file's text with its placeholders filled, as the reader sees it. */
function says(locale: MailLocale, key: string, values: Record<string, string> = {}): string {
  const raw = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], translations[locale]);
  if (typeof raw !== 'string') throw new Error(`no text ${key} in ${locale}`);
  return raw.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
    if (!(name in values)) throw new Error(`no value for {{${name}}} of ${key}`);
    return values[name];
  });
}

const EURO: Record<MailLocale, string> = { hr: '22,39 €', en: '€22.39', de: '22,39 €', sl: '22,39 €' };
const PLACED: Record<MailLocale, string> = {
  hr: '22. 11. 2026. u 14:05',
  en: '22 November 2026, 14:05',
  de: '22. November 2026, 14:05',
  sl: '22. 11. 2026 ob 14:05',
};

function render<N extends TemplateName>(name: N, props: TemplateProps<N>, locale: MailLocale): Promise<RenderedMail> {
  return renderMail(name, props, locale, { publicUrl: PUBLIC_URL });
}

describe.each(MAIL_LOCALES)('in %s', (locale) => {
  const euro = EURO[locale];

  it('order-cancelled: what was cancelled, and that nothing is owed when nothing was paid', async () => {
    const order = previewOrder({ fulfilment_status: 'cancelled', locale });
    const mail = await render('order-cancelled', { order, orderUrl: ORDER_URL }, locale);
    expect(mail.subject).toBe(says(locale, 'orderCancelled.subject', { number: order.number }));
    expect(mail.text).toContain(says(locale, 'orderCancelled.intro', { number: order.number, placedAt: PLACED[locale] }));
    expect(mail.text).toContain(says(locale, 'orderCancelled.notPaid'));
    expect(mail.text).not.toContain(says(locale, 'orderCancelled.refunded', { total: euro }));
  });

  it('order-cancelled of a paid order: the amount refunded, and that the refund mail follows', async () => {
    const order = previewOrder({ fulfilment_status: 'cancelled', payment_method: 'card', payment_status: 'refunded', locale });
    const mail = await render('order-cancelled', { order, orderUrl: ORDER_URL }, locale);
    expect(mail.text).toContain(says(locale, 'orderCancelled.refunded', { total: euro }));
    expect(mail.text).not.toContain(says(locale, 'orderCancelled.notPaid'));
  });

  it('order-expired: cancelled because not paid, when, nothing owed, and the way back to the products', async () => {
    const order = previewOrder({ payment_method: 'card', payment_status: 'failed', fulfilment_status: 'cancelled', locale });
    const shopUrl = `${PUBLIC_URL}/products`;
    const mail = await render('order-expired', { order, cancelledAt: '2026-11-22T14:06:00.000Z', shopUrl }, locale);
    expect(mail.subject).toBe(says(locale, 'orderExpired.subject', { number: order.number }));
    const cancelledAt = PLACED[locale].replace('14:05', '15:06');
    expect(mail.text).toContain(says(locale, 'orderExpired.intro', { number: order.number, placedAt: PLACED[locale], cancelledAt }));
    expect(mail.text).toContain(says(locale, 'orderExpired.nothingOwed'));
    expect(/https?:\/\/\S+/.exec(mail.text)?.[0]).toBe(shopUrl);
  });

  it.each(['card', 'cod'] as const)('order-refunded (%s): the amount, the method, the day and when the money arrives', async (method) => {
    const order = previewOrder({ payment_method: method, payment_status: 'refunded', locale });
    const mail = await render(
      'order-refunded',
      { order, amount: 1234, method, refundedAt: '2026-11-23T09:30:00.000Z', orderUrl: ORDER_URL },
      locale,
    );
    const amount = locale === 'en' ? '€12.34' : '12,34 €';
    expect(mail.subject).toBe(says(locale, 'orderRefunded.subject', { number: order.number }));
    expect(mail.text).toContain(says(locale, 'orderRefunded.intro', { number: order.number, amount }));
    const other = method === 'card' ? 'Cod' : 'Card';
    const own = method === 'card' ? 'Card' : 'Cod';
    expect(mail.text).toMatch(new RegExp(`${says(locale, 'orderRefunded.amountLabel')} +${amount.replace(/[.$]/g, '\\$&')}`));
    expect(mail.text).toContain(says(locale, `orderRefunded.method${own}`));
    expect(mail.text).toContain(says(locale, `orderRefunded.when${own}`));
    expect(mail.text).toContain(says(locale, `orderRefunded.${method}`));
    expect(mail.text).not.toContain(says(locale, `orderRefunded.when${other}`));
    expect(mail.text).toContain(locale === 'en' ? '23 November 2026' : locale === 'de' ? '23. November 2026' : '23. 11. 2026');
  });

  it('order-paid-notice: who paid how much, and a warning when the order had expired first', async () => {
    const paid = previewOrder({ payment_method: 'card', payment_status: 'paid', status: 'paid' });
    const mail = await render('order-paid-notice', { order: paid, paidAt: '2026-11-22T13:07:00.000Z', adminUrl: ADMIN_URL }, locale);
    expect(mail.subject).toBe(says(locale, 'orderPaidNotice.subject', { number: paid.number, name: 'Ana Horvat' }));
    expect(mail.text).toContain(
      says(locale, 'orderPaidNotice.intro', {
        number: paid.number,
        name: 'Ana Horvat',
        total: euro,
        paidAt: PLACED[locale].replace('14:05', '14:07'),
      }),
    );
    expect(mail.text).toContain(says(locale, 'order.paymentSummary.cardPaid'));
    expect(mail.text).not.toContain(says(locale, 'orderPaidNotice.cancelled'));
    const late = await render(
      'order-paid-notice',
      { order: { ...paid, fulfilment_status: 'cancelled' }, paidAt: '2026-11-22T15:07:00.000Z', adminUrl: ADMIN_URL },
      locale,
    );
    expect(late.text).toContain(says(locale, 'orderPaidNotice.cancelled'));
  });

  it('payment-not-completed links to the failure page to pay again', async () => {
    const order = previewOrder({ payment_method: 'card', payment_status: 'awaiting_payment', locale });
    const retryUrl = `${PUBLIC_URL}/placanje-neuspjesno?order=${order.number}&token=t`;
    const mail = await render('payment-not-completed', { order, retryUrl, keptUntil: '2026-11-22T14:05:00.000Z' }, locale);
    expect(/https?:\/\/\S+/.exec(mail.text)?.[0]).toBe(retryUrl);
    expect(mail.text).toContain(says(locale, 'paymentNotCompleted.intro', { number: order.number, total: euro }));
  });
});
