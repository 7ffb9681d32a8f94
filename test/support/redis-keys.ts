import { Redis } from 'ioredis';

/** Deletes a test's queue keys (`<prefix>:*`) from the shared Redis once the test is done with them. */
export async function deleteRedisKeys(prefix: string, url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'): Promise<void> {
  if (!/^[A-Za-z0-9_-]+$/.test(prefix)) throw new Error(`refusing to delete keys for the prefix ${JSON.stringify(prefix)}`);
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
