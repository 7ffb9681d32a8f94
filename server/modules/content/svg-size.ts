/**
 * Width and height of an SVG picture, from its root element: the `width` and `height` attributes
 * (plain numbers or px), else the viewBox's size. Null when neither says it.
 */
export function svgSize(svg: string): { width: number; height: number } | null {
  const open = /<svg\b([^>]*)>/i.exec(svg.slice(0, 8192));
  if (!open) return null;
  const attrs = open[1]!;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(attrs)?.[1]?.trim();
  const px = (v: string | undefined) => {
    const m = v ? /^(\d+(?:\.\d+)?)(px)?$/.exec(v) : null;
    return m ? Math.round(Number(m[1])) : null;
  };
  const w = px(attr('width'));
  const h = px(attr('height'));
  if (w && h) return { width: w, height: h };
  const box = attr('viewBox')
    ?.split(/[\s,]+/)
    .map(Number);
  if (box && box.length === 4 && box.every((n) => Number.isFinite(n)) && box[2]! > 0 && box[3]! > 0) {
    return { width: Math.round(box[2]!), height: Math.round(box[3]!) };
  }
  return null;
}
