import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isPublicFile, listPublicFiles } from './ssr-renderer.js';

describe('the public files outside /assets', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'public-files-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    mkdirSync(join(dir, 'images/products'), { recursive: true });
    for (const file of [
      'favicon.svg',
      'favicon.svg.br',
      'favicon.svg.gz',
      'assets/app-1.js',
      'images/products/ZZ-ABC-400.svg',
      'images/products/ZZ-ABC-400.svg.gz',
      'images/a b.svg',
      '.vite/manifest.json',
      '.hidden',
    ]) {
      writeFileSync(join(dir, file), 'x');
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists each file once, by its URL path, without the precompressed twins, the hashed assets and dot files', () => {
    expect([...listPublicFiles(dir)].sort()).toEqual(['/favicon.svg', '/images/a b.svg', '/images/products/ZZ-ABC-400.svg']);
  });

  it('lets only those paths reach the file server: no API call or page costs a file lookup', () => {
    const paths = listPublicFiles(dir);
    expect(isPublicFile(paths, '/favicon.svg')).toBe(true);
    expect(isPublicFile(paths, '/images/products/ZZ-ABC-400.svg')).toBe(true);
    expect(isPublicFile(paths, '/images/a%20b.svg')).toBe(true);
    for (const other of [
      '/api/cart',
      '/',
      '/proizvodi',
      '/favicon.svg.br',
      '/FAVICON.SVG',
      '/images/../favicon.svg',
      '/images/products/',
      '/%E0%A4%A',
      '/%2e%2e/etc/passwd',
    ]) {
      expect(isPublicFile(paths, other)).toBe(false);
    }
  });
});
