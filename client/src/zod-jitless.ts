/**
 * zod compiles object parsers with Function() unless told not to, and probes for that when a schema is
 * defined; the probe counts as an eval that the page's CSP (script-src without 'unsafe-eval') refuses
 * and reports (Lighthouse: an inspector issue). Forms parse a few fields, the interpreter is fast
 * enough. This module sets zod's global config before zod loads: it imports nothing, sits in a chunk of
 * its own (client/vite.config.ts) and is the entry's first import, so it runs before the chunk with zod.
 */
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };
export {};
