/**
 * The focal-point crop the server cuts the shop's picture sizes with (platform/media) and the back
 * office previews live (client/admin/products/photos): one rule, shared.
 */
export interface FocalPoint {
  /** 0 (left edge) to 1 (right edge) */
  x: number;
  /** 0 (top edge) to 1 (bottom edge) */
  y: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * The largest rectangle of `aspect` (width / height) inside the picture, placed so that the focal point
 * is as near its centre as the edges allow. `aspect` null: the whole picture.
 */
export function focalCrop(
  source: { width: number; height: number },
  aspect: number | null,
  focal: FocalPoint,
): { left: number; top: number; width: number; height: number } {
  if (aspect === null) return { left: 0, top: 0, width: source.width, height: source.height };
  const width = Math.min(source.width, Math.round(source.height * aspect));
  const height = Math.min(source.height, Math.round(source.width / aspect));
  const left = clamp(Math.round(focal.x * source.width - width / 2), 0, source.width - width);
  const top = clamp(Math.round(focal.y * source.height - height / 2), 0, source.height - height);
  return { left, top, width, height };
}

/**
 * The CSS `object-position` (percentages) that shows, in a box of `aspect` with `object-fit: cover`,
 * exactly the crop `focalCrop` cuts: the back office's 'as the shop shows it' preview.
 */
export function focalObjectPosition(source: { width: number; height: number }, aspect: number, focal: FocalPoint): string {
  const crop = focalCrop(source, aspect, focal);
  const px = source.width > crop.width ? (crop.left / (source.width - crop.width)) * 100 : 50;
  const py = source.height > crop.height ? (crop.top / (source.height - crop.height)) * 100 : 50;
  return `${Math.round(px * 10) / 10}% ${Math.round(py * 10) / 10}%`;
}
