import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnvFile } from './env-file.js';
import { loadConfig } from './config.js';

describe('loadEnvFile (.env)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'shop-env-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the variables of a .env file into the environment; the configuration then sees them', () => {
    const file = join(dir, '.env');
    writeFileSync(
      file,
      [
        '# Google sign-in (docs/identity.md)',
        'GOOGLE_CLIENT_ID=client-id-from-the-file',
        'GOOGLE_CLIENT_SECRET="a secret # with a hash"',
        'export PORT=4100',
        '',
        "MAIL_FROM='Zlatno zrno <test@example.hr>'",
      ].join('\n'),
    );
    const env: Record<string, string | undefined> = {};
    expect(loadEnvFile(file, env).sort()).toEqual(['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'MAIL_FROM', 'PORT']);
    expect(env).toEqual({
      GOOGLE_CLIENT_ID: 'client-id-from-the-file',
      GOOGLE_CLIENT_SECRET: 'a secret # with a hash',
      PORT: '4100',
      MAIL_FROM: 'Zlatno zrno <test@example.hr>',
    });
    const config = loadConfig(env);
    expect(config.auth.google).toMatchObject({ clientId: 'client-id-from-the-file', clientSecret: 'a secret # with a hash' });
    expect(config.http.port).toBe(4100);
  });

  it('lets the real environment win over the file', () => {
    const file = join(dir, '.env');
    writeFileSync(file, 'PORT=4100\nLOG_LEVEL=debug\nSECRET_KEY=from-the-file-0123456789-0123456789\n');
    const env: Record<string, string | undefined> = { PORT: '5000', LOG_LEVEL: '' };
    expect(loadEnvFile(file, env)).toEqual(['SECRET_KEY']);
    expect(env).toEqual({ PORT: '5000', LOG_LEVEL: '', SECRET_KEY: 'from-the-file-0123456789-0123456789' });
    expect(loadConfig(env).http.port).toBe(5000);
  });

  it('reads no file in a process started with NODE_ENV=test (a test configures its shop alone)', () => {
    const file = join(dir, '.env');
    writeFileSync(file, 'GOOGLE_CLIENT_ID=from-a-developers-file\n');
    const env: Record<string, string | undefined> = { NODE_ENV: 'test' };
    expect(loadEnvFile(file, env)).toEqual([]);
    expect(env).toEqual({ NODE_ENV: 'test' });
  });

  it('does nothing without a file, and reports a file it cannot read', () => {
    const env: Record<string, string | undefined> = { PORT: '5000' };
    expect(loadEnvFile(join(dir, '.env'), env)).toEqual([]);
    expect(env).toEqual({ PORT: '5000' });
    expect(() => loadEnvFile(dir, env)).toThrow(/EISDIR/);
  });
});
