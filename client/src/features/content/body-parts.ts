const SLOT_SPLIT = /<div data-slot="([a-z-]+)"><\/div>/;

/**
 * The body's sanitized HTML in parts: HTML text and the generated parts (`<div data-slot="...">`) between
 * them, in order. Exported for tests.
 */
export function splitSlots(html: string): Array<{ html: string } | { slot: string }> {
  const pieces = html.split(SLOT_SPLIT);
  const parts: Array<{ html: string } | { slot: string }> = [];
  pieces.forEach((piece, i) => {
    if (i % 2 === 1) parts.push({ slot: piece });
    else if (piece.trim()) parts.push({ html: piece });
  });
  return parts;
}
