/**
 * Slugs: the part of an address that names a product, category, recipe or post
 * (`/proizvod/spageti-400-g`). Lowercase ASCII letters and digits joined by single hyphens; shared by
 * the server (which decides) and the back office (which shows what the slug will be while a name is
 * typed). docs/admin.md 'Products and categories'.
 */

/** What a stored slug looks like (the catalogue's CHECK constraints say the same). */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 80;

/**
 * Letters NFD does not take apart, or that a reader expects spelled out: Croatian đ is written `dj`
 * in addresses (Međimurje -> medjimurje), German umlauts and ß as ae/oe/ue/ss; č ć š ž and the
 * Slovenian letters lose their marks through NFD.
 */
const SPELLED: Readonly<Record<string, string>> = {
  đ: 'dj',
  Đ: 'dj',
  ä: 'ae',
  Ä: 'ae',
  ö: 'oe',
  Ö: 'oe',
  ü: 'ue',
  Ü: 'ue',
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  ø: 'o',
  ł: 'l',
  Ł: 'l',
  œ: 'oe',
};

/**
 * The slug of a name: transliterated to lowercase ASCII, every run of other characters one hyphen,
 * none at the ends, at most SLUG_MAX_LENGTH characters (cut at a hyphen when one is near). '' when
 * nothing is left (a name of only signs): the caller treats that as 'no slug yet'.
 */
export function slugify(name: string): string {
  const ascii = name
    .replace(/[đĐäÄöÖüÜßẞæøłŁœ]/g, (ch) => SPELLED[ch] ?? ch)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (ascii.length <= SLUG_MAX_LENGTH) return ascii;
  const cut = ascii.slice(0, SLUG_MAX_LENGTH);
  const hyphen = cut.lastIndexOf('-');
  return (hyphen > SLUG_MAX_LENGTH / 2 ? cut.slice(0, hyphen) : cut).replace(/-+$/g, '');
}

export function isSlug(value: string): boolean {
  return value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}
