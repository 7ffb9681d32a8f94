import { describe, expect, it } from '@jest/globals';
import { MAIL_LOCALES, renderMail } from '../render.js';

const PUBLIC_URL = 'https://shop.example.hr';
const REASON: Record<string, string> = {
  hr: 'prijavili na newsletter',
  en: 'subscribed to the newsletter',
  de: 'Newsletter auf',
  sl: 'prijavili na e-novice',
};
const props = {
  subject: 'Jesenski recepti',
  preheader: 'Tri jela za hladne dane',
  blocks: [
    { type: 'heading' as const, text: 'Jesen je stigla' },
    { type: 'paragraph' as const, text: 'Prvi red\nDrugi red <b>ne</b>' },
    { type: 'image' as const, src: '/images/fuzi.jpg', alt: 'Fuži na tanjuru' },
    { type: 'button' as const, label: 'Recepti', url: '/recepti' },
    { type: 'button' as const, label: 'Vimeo', url: 'https://vimeo.com/1' },
  ],
  unsubscribeUrl: `${PUBLIC_URL}/newsletter/odjava?token=t0k3n`,
};

describe('newsletter campaign mail', () => {
  it.each(MAIL_LOCALES)(
    'in %s: the operator\u2019s blocks in the layout, links absolute, the reason and the unsubscribe link',
    async (locale) => {
      const mail = await renderMail('newsletter-campaign', props, locale, { publicUrl: PUBLIC_URL });
      expect(mail.subject).toBe('Jesenski recepti');
      expect(mail.html).toMatch(new RegExp(`<html[^>]*lang="${locale}"`));
      expect(mail.html).toMatch(/<h1[^>]*>Jesen je stigla<\/h1>/);
      expect(mail.html).toContain(`src="${PUBLIC_URL}/images/fuzi.jpg"`);
      expect(mail.html).toContain('alt="Fuži na tanjuru"');
      expect(mail.html).toContain(`href="${PUBLIC_URL}/recepti"`);
      expect(mail.html).toContain('href="https://vimeo.com/1"');
      expect(mail.html).toContain('Drugi red &lt;b&gt;ne&lt;/b&gt;'); // text, never markup
      expect(mail.html).toContain('Tri jela za hladne dane');
      expect(mail.html).toContain(`href="${props.unsubscribeUrl}"`);
      expect(mail.text).toContain(props.unsubscribeUrl);
      expect(mail.text).toContain(REASON[locale]);
      expect(mail.html).not.toContain('[TEST]');
    },
  );

  it('marks a test in the subject and on top, in the reader\u2019s language', async () => {
    const mail = await renderMail('newsletter-campaign', { ...props, test: true }, 'de', { publicUrl: PUBLIC_URL });
    expect(mail.subject).toBe('[TEST] Jesenski recepti');
    expect(mail.text).toContain('Dies ist ein Test');
  });
});
