import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/**
 * Reads a `.env` file (default: `.env` in the working directory) into `env` (the process
 * environment) when the file is there: `NAME=value` lines as Node's own parser reads them (comments,
 * quotes, `export` prefixes). A variable the environment already has is left alone: the real
 * environment wins over the file. Returns the names it set (none without a file). Called only by
 * the entry points (`npm start`, `npm run dev`, `npm run worker`, the scripts), before the
 * configuration is read. A process started with `NODE_ENV=test` reads no file: a test's shop is
 * configured by the test alone, whatever a developer keeps in `.env`.
 */
export function loadEnvFile(path = '.env', env: Record<string, string | undefined> = process.env): string[] {
  if (env.NODE_ENV === 'test') return [];
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const set: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] !== undefined || value === undefined) continue;
    env[name] = value;
    set.push(name);
  }
  return set;
}
