import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { DataSource } from 'typeorm';

/**
 * Where the bytes of pictures live, by key (docs/admin.md 'Photos'): shared by every web process,
 * never one process's disk. Two implementations, chosen by MEDIA_STORAGE: PostgreSQL (the default,
 * table `media_blob`) and an S3-compatible bucket. The pictures' descriptions (sizes, focal point,
 * which product shows them) are always rows in PostgreSQL; only the bytes move.
 */
export interface MediaStorage {
  readonly kind: 'postgres' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Deletes the keys (a missing key is no error). */
  delete(keys: readonly string[]): Promise<void>;
}

/** Bytes in PostgreSQL (`media_blob`, bytea): works on the embedded PostgreSQL with nothing more. */
export class PostgresMediaStorage implements MediaStorage {
  readonly kind = 'postgres';
  constructor(private readonly db: DataSource) {}

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.db.query(
      `INSERT INTO media_blob (key, content_type, data) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET content_type = EXCLUDED.content_type, data = EXCLUDED.data`,
      [key, contentType, bytes],
    );
  }

  async get(key: string): Promise<Buffer | null> {
    const rows = (await this.db.query(`SELECT data FROM media_blob WHERE key = $1`, [key])) as Array<{ data: Buffer }>;
    return rows[0]?.data ?? null;
  }

  async delete(keys: readonly string[]): Promise<void> {
    if (keys.length) await this.db.query(`DELETE FROM media_blob WHERE key = ANY($1::text[])`, [keys]);
  }
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** A failure of the bucket (its status and the start of its answer), for the logs. */
export class MediaStorageError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'MediaStorageError';
  }
}

/**
 * Bytes in an S3-compatible bucket (AWS S3, MinIO, Ceph, Hetzner, Cloudflare R2, ...): path-style
 * requests (`<endpoint>/<bucket>/<key>`) signed with AWS Signature Version 4 (aws4fetch), the
 * payload's SHA-256 in `x-amz-content-sha256` and so under the signature. Objects are private: the shop serves them itself
 * under /media/, with its own cache headers.
 */
export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3';
  private readonly client: AwsClient;

  constructor(
    private readonly s3: S3Settings,
    private readonly timeoutMs = 10_000,
  ) {
    this.client = new AwsClient({
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      region: s3.region,
      service: 's3',
      retries: 2,
    });
  }

  private url(key: string): string {
    return `${this.s3.endpoint}/${encodeURIComponent(this.s3.bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  private async send(method: 'PUT' | 'GET' | 'DELETE', key: string, init: { body?: Buffer; contentType?: string } = {}): Promise<Response> {
    // The payload's hash is signed too (aws4fetch would send UNSIGNED-PAYLOAD): the bucket refuses altered bytes.
    const headers: Record<string, string> = {
      'x-amz-content-sha256': createHash('sha256')
        .update(init.body ?? Buffer.alloc(0))
        .digest('hex'),
    };
    if (init.contentType) headers['content-type'] = init.contentType;
    return this.client.fetch(this.url(key), {
      method,
      headers,
      ...(init.body ? { body: new Uint8Array(init.body) } : {}),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
  }

  private async fail(what: string, res: Response): Promise<never> {
    const text = (await res.text().catch(() => '')).slice(0, 200);
    throw new MediaStorageError(`S3 ${what}: HTTP ${res.status} ${text}`, res.status);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const res = await this.send('PUT', key, { body: bytes, contentType });
    if (!res.ok) await this.fail(`PUT ${key}`, res);
    await res.arrayBuffer();
  }

  async get(key: string): Promise<Buffer | null> {
    const res = await this.send('GET', key);
    if (res.status === 404) {
      await res.arrayBuffer();
      return null;
    }
    if (!res.ok) await this.fail(`GET ${key}`, res);
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const res = await this.send('DELETE', key);
      if (!res.ok && res.status !== 404) await this.fail(`DELETE ${key}`, res);
      await res.arrayBuffer();
    }
  }
}
