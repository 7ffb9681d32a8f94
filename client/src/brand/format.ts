/** A readable name from a URL slug ('kamut-fusilli' -> 'Kamut fusilli'); the raw slug if it cannot be decoded. */
export function nameFromSlug(slug: string | undefined): string {
  if (!slug) return '';
  let text = slug;
  try {
    text = decodeURIComponent(slug);
  } catch {
    // keep the raw slug
  }
  text = text.replace(/[-_]+/g, ' ').trim();
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
