import { readFileSync } from 'node:fs';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives embedded defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c.role).toBe('all');
    expect(c.http.port).toBe(3000);
    expect(c.http.publicUrl).toBe('http://localhost:3000');
    expect(c.database.url).toBeUndefined();
    expect(c.redis.url).toBeUndefined();
    expect(c.mail.dir).toBe('.data/mail');
    expect(c.seedDemoData).toBe(true);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.url).toBeUndefined();
  });

  it('names every bad variable in one clear error', () => {
    try {
      loadConfig({ PORT: 'eighty', ROLE: 'boss', DATABASE_URL: 'mysql://x', REDIS_URL: 'nope' });
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      for (const name of ['PORT', 'ROLE', 'DATABASE_URL', 'REDIS_URL']) expect(msg).toContain(name);
    }
  });

  it('requires secrets and real services in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRET_KEY.*\n.*DATABASE_URL/s);
  });

  it('strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com/' }).http.publicUrl).toBe('https://shop.example.com');
  });
});

describe('.env.example', () => {
  it('lists every variable the shop reads, and nothing else', () => {
    const listed = readFileSync('.env.example', 'utf8')
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => l.split('=')[0]);
    expect([...listed].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
