import { sniffImage } from './media-sniff.js';
import {
  focalCrop,
  heightAt,
  isFocalPoint,
  masterKey,
  parseVariantFile,
  renditionVersion,
  variantFile,
  variantWidths,
} from './media-variants.js';

const bytes = (...parts: Array<number[] | string>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffImage (what an upload is, from its bytes)', () => {
  it('knows JPEG, PNG and WebP by their signatures', () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('jpeg');
    expect(sniffImage(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
    expect(sniffImage(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
  });

  it("tells an iPhone's HEIC from an AVIF by the ftyp box's brands", () => {
    expect(sniffImage(bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic'))).toBe('heic');
    expect(sniffImage(bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'avifmif1miaf'))).toBe('avif');
    expect(sniffImage(bytes([0, 0, 0, 0x18], 'ftypmif1', [0, 0, 0, 0], 'mif1avif'))).toBe('avif');
    expect(sniffImage(bytes([0, 0, 0, 0x18], 'ftypmif1', [0, 0, 0, 0], 'mif1heic'))).toBe('heic');
  });

  it('refuses anything else, whatever its name says: PDF, SVG, HTML, MP4, empty, truncated', () => {
    expect(sniffImage(bytes('%PDF-1.7\n'))).toBeNull();
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(bytes('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(sniffImage(bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 0, 0], 'isomiso2'))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
    expect(sniffImage(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffImage(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull();
  });
});

describe('variant names', () => {
  it('names a size <version>-<width>.<format> and reads it back', () => {
    const v = renditionVersion('8d3c0f6e-0000-4000-8000-000000000001', 4 / 3, { x: 0.5, y: 0.5 });
    expect(v).toMatch(/^[0-9a-f]{16}$/);
    expect(variantFile(v, 640, 'webp')).toBe(`${v}-640.webp`);
    expect(parseVariantFile(`${v}-640.webp`)).toEqual({ version: v, width: 640, format: 'webp' });
    expect(parseVariantFile(`${v}-1280.avif`)).toEqual({ version: v, width: 1280, format: 'avif' });
  });

  it('gives a new version (new URLs) for a new focal point or shape, the same for the same inputs', () => {
    const id = '8d3c0f6e-0000-4000-8000-000000000001';
    const a = renditionVersion(id, 4 / 3, { x: 0.5, y: 0.5 });
    expect(renditionVersion(id, 4 / 3, { x: 0.5, y: 0.5 })).toBe(a);
    expect(renditionVersion(id, 4 / 3, { x: 0.3, y: 0.5 })).not.toBe(a);
    expect(renditionVersion(id, null, { x: 0.5, y: 0.5 })).not.toBe(a);
    expect(renditionVersion('8d3c0f6e-0000-4000-8000-000000000002', 4 / 3, { x: 0.5, y: 0.5 })).not.toBe(a);
  });

  it('refuses every other name: the kept original, paths, other formats, odd widths', () => {
    const v = 'a'.repeat(16);
    for (const name of [
      masterKey('8d3c0f6e-0000-4000-8000-000000000001'),
      `${v}-640.png`,
      `${v}-640.jpg/..`,
      `../${v}-640.jpg`,
      `${v}-0640.jpg`,
      `${v}-64000.jpg`,
      `${v.toUpperCase()}-640.jpg`,
      `${v}-640.jpg\0`,
      `${v}-640.JPG`,
      '',
    ])
      expect(parseVariantFile(name)).toBeNull();
  });
});

describe('variantWidths', () => {
  it("makes the shop's widths the picture can fill, never enlarging", () => {
    expect(variantWidths(4032)).toEqual([320, 640, 960, 1280]);
    expect(variantWidths(1000)).toEqual([320, 640, 960]);
    expect(variantWidths(320)).toEqual([320]);
    expect(variantWidths(200)).toEqual([200]);
  });
});

describe('focalCrop (the largest 4:3 rectangle, focal point as central as the edges allow)', () => {
  const phone = { width: 3024, height: 4032 }; // portrait 3:4 photo

  it('crops a portrait photo to 4:3 around the point, clamped to the edges', () => {
    expect(focalCrop(phone, 4 / 3, { x: 0.5, y: 0.5 })).toEqual({ left: 0, top: 882, width: 3024, height: 2268 });
    expect(focalCrop(phone, 4 / 3, { x: 0.5, y: 0 })).toEqual({ left: 0, top: 0, width: 3024, height: 2268 });
    expect(focalCrop(phone, 4 / 3, { x: 0.5, y: 1 })).toEqual({ left: 0, top: 4032 - 2268, width: 3024, height: 2268 });
    expect(focalCrop(phone, 4 / 3, { x: 0.5, y: 0.3 })).toEqual({ left: 0, top: 1210 - 1134, width: 3024, height: 2268 });
  });

  it('crops a wide panorama sideways and keeps the whole picture without an aspect', () => {
    const wide = { width: 4000, height: 1000 };
    expect(focalCrop(wide, 4 / 3, { x: 0.7, y: 0.5 })).toEqual({ left: 2134, top: 0, width: 1333, height: 1000 });
    expect(focalCrop(wide, 4 / 3, { x: 0.9, y: 0.5 })).toEqual({ left: 4000 - 1333, top: 0, width: 1333, height: 1000 });
    expect(focalCrop(wide, 4 / 3, { x: 0.1, y: 0.5 })).toEqual({ left: 0, top: 0, width: 1333, height: 1000 });
    expect(focalCrop(wide, null, { x: 0.1, y: 0.5 })).toEqual({ left: 0, top: 0, width: 4000, height: 1000 });
  });

  it('keeps every crop inside the picture for any point and size', () => {
    for (const source of [phone, { width: 641, height: 479 }, { width: 1, height: 1 }, { width: 5000, height: 37 }])
      for (const x of [0, 0.01, 0.33, 0.5, 0.99, 1])
        for (const y of [0, 0.5, 1]) {
          const c = focalCrop(source, 4 / 3, { x, y });
          expect(c.left).toBeGreaterThanOrEqual(0);
          expect(c.top).toBeGreaterThanOrEqual(0);
          expect(c.left + c.width).toBeLessThanOrEqual(source.width);
          expect(c.top + c.height).toBeLessThanOrEqual(source.height);
          expect(c.width).toBeGreaterThan(0);
          expect(c.height).toBeGreaterThan(0);
        }
  });

  it("gives each size's height from the crop's shape", () => {
    expect(heightAt({ width: 3024, height: 2268 }, 640)).toBe(480);
    expect(heightAt({ width: 3024, height: 2268 }, 320)).toBe(240);
  });

  it('accepts only points inside the picture', () => {
    expect(isFocalPoint({ x: 0, y: 1 })).toBe(true);
    expect(isFocalPoint({ x: -0.1, y: 0.5 })).toBe(false);
    expect(isFocalPoint({ x: 0.5, y: Number.NaN })).toBe(false);
    expect(isFocalPoint({ x: '0.5', y: 0.5 })).toBe(false);
  });
});
