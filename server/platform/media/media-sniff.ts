/**
 * What an upload really is, from its first bytes (never from its name or the browser's Content-Type,
 * both of which the sender chooses). The kinds a phone or a camera produces: JPEG, PNG, WebP, and the
 * ISO base media files of iPhones (HEIC, coded with HEVC) and of newer Androids (AVIF, coded with AV1).
 */
export type SniffedImage = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const AVIF_BRANDS = new Set(['avif', 'avis']);
/** Generic HEIF brands: the codec is only known from the compatible brands after them. */
const HEIF_GENERIC = new Set(['mif1', 'msf1', 'miaf']);

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The image kind of `bytes`, or null for anything else (a PDF, a script, text, a truncated file). */
export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
    const end = Math.min(bytes.length, Math.max(16, Math.min(boxSize, 256)));
    const major = ascii(bytes, 8, 12);
    const compatible: string[] = [];
    for (let at = 16; at + 4 <= end; at += 4) compatible.push(ascii(bytes, at, at + 4));
    const brands = [major, ...compatible];
    if (brands.some((b) => AVIF_BRANDS.has(b))) return 'avif';
    if (brands.some((b) => HEIC_BRANDS.has(b))) return 'heic';
    if (HEIF_GENERIC.has(major)) return 'heic';
  }
  return null;
}
