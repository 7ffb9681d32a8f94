import { VIDEO_MESSAGES } from '../../../contract/api/video.js';
import { buildServerTexts, readServerTexts, translate, type TextTree } from './server-texts.js';
import { SERVER_TEXTS, localizedMessage, serverText } from './shop-texts.js';

const set = (texts: Record<string, string>): Record<string, TextTree> =>
  Object.fromEntries(Object.entries(texts).map(([l, text]) => [l, { cart: { errors: { TEST_TOO_MANY: text } } }]));

describe('server texts', () => {
  it('fills {name} params in the requested language, and knows no unknown code', () => {
    expect(localizedMessage('CART_STOCK_EXCEEDED', 'de', { name: 'Fusilli', stock: 3 })).toBe(
      'Von Fusilli sind nur noch 3 Packungen auf Lager.',
    );
    expect(localizedMessage('RATE_LIMITED', 'sl', { seconds: 7 })).toBe('Preveč poskusov. Poskusite znova čez 7 s.');
    expect(localizedMessage('TEST_UNKNOWN', 'de')).toBeUndefined();
    expect(serverText('http.admin.orders', 'en')).toBe(SERVER_TEXTS.en.http.admin.orders);
    expect(serverText('order.errors.ORDER_NOTE_REQUIRED', 'hr')).toBe('Upišite bilješku.');
  });

  it("keeps the spec's English video texts, which the contract also names", () => {
    expect(localizedMessage('VIDEO_INVALID_ID', 'en')).toBe(VIDEO_MESSAGES.invalidId);
    expect(localizedMessage('VIDEO_NOT_VIMEO_URL', 'en')).toBe(VIDEO_MESSAGES.notVimeoUrl);
    expect(localizedMessage('VIDEO_NOT_FOUND', 'en')).toBe(VIDEO_MESSAGES.notFound);
    expect(localizedMessage('VIDEO_NOT_EMBEDDABLE', 'en')).toBe(VIDEO_MESSAGES.notEmbeddable);
  });

  it('leaves a placeholder without a value as written, and never reads a value as a key, a plural or a nesting', () => {
    expect(localizedMessage('CART_STOCK_EXCEEDED', 'en', { name: 'Fusilli' })).toBe('Only {stock} packs of Fusilli are in stock.');
    expect(localizedMessage('CART_PRODUCT_NOT_FOUND', 'en', { code: '$t(cart.errors.COUPON_UNKNOWN) {name}', count: 2 })).toBe(
      'There is no product with the code $t(cart.errors.COUPON_UNKNOWN) {name}.',
    );
  });

  it('reads one file per language, and refuses a set where a language lacks a text or has an empty one', () => {
    const read = readServerTexts();
    expect(Object.keys(read)).toEqual(['hr', 'en', 'de', 'sl']);
    const { i18n } = buildServerTexts(set({ hr: 'Najviše {max}.', en: 'At most {max}.' }));
    expect(translate(i18n, 'en', 'cart.errors.TEST_TOO_MANY', { max: 99 })).toBe('At most 99.');
    expect(() => buildServerTexts({ ...set({ hr: 'x', en: 'y' }), de: { cart: { errors: {} } } })).toThrow(
      /de\.json lacks cart\.errors\.TEST_TOO_MANY/,
    );
    expect(() => buildServerTexts(set({ hr: 'x', sl: ' ' }))).toThrow(/sl\.json lacks/);
  });

  it('refuses a code in two namespaces (codes are looked up alone)', () => {
    const twice = { cart: { errors: { TEST_X: 'a' } }, order: { notices: { TEST_X: 'b' } } };
    expect(() => buildServerTexts({ hr: twice })).toThrow(/TEST_X is in two namespaces/);
  });
});
