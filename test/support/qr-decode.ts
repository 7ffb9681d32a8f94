import jsQR from 'jsqr';

/**
 * Reads a QR symbol given as its modules (true: dark) with jsQR, an independent decoder: the modules
 * are painted as pixels (`scale` per module, a quiet zone of 4 modules) and the picture decoded.
 * For the invoice tests, which get the modules back out of the PDF's rectangles or the HTML's SVG.
 */
export function decodeQrModules(size: number, dark: (x: number, y: number) => boolean, scale = 4): string | null {
  const side = (size + 8) * scale;
  const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (!dark(x, y)) continue;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const i = (((y + 4) * scale + dy) * side + (x + 4) * scale + dx) * 4;
          rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
        }
    }
  // jsqr is CommonJS with `export default` types: under NodeNext its default import is module.exports.
  return jsQR.default(rgba, side, side)?.data ?? null;
}
