import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3-compatible object store for tests (path-style `/<bucket>/<key>`: PUT, GET, DELETE) that
 * checks every request's AWS Signature Version 4 as S3 does, from the spec, by its own code (not
 * the adapter's signer): the credential's key, date, region and service, the canonical request over
 * the signed headers, and the payload's SHA-256 against the bytes received. A request that fails any
 * check is refused 403 (SignatureDoesNotMatch / InvalidAccessKeyId / XAmzContentSHA256Mismatch), as
 * the real service would.
 */
export interface S3Emulator {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  objects: Map<string, { bytes: Buffer; contentType: string }>;
  /** Every request: method, key and the status answered. */
  log: Array<{ method: string; key: string; status: number }>;
  close(): Promise<void>;
}

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

function body(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** S3's URI encoding of a path: every byte but unreserved characters and '/', percent-encoded once. */
function uriEncodePath(path: string): string {
  return path
    .split('/')
    .map((seg) => encodeURIComponent(seg).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}

/** Why the request's signature is wrong, or null when it is right. */
function signatureProblem(
  req: IncomingMessage,
  payload: Buffer,
  creds: { accessKeyId: string; secretAccessKey: string; region: string },
): string | null {
  const auth = req.headers.authorization ?? '';
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return 'AuthorizationHeaderMalformed';
  const [, keyId, day, region, signedHeaders, signature] = m;
  if (keyId !== creds.accessKeyId) return 'InvalidAccessKeyId';
  if (region !== creds.region) return 'AuthorizationHeaderMalformed';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== day) return 'AuthorizationHeaderMalformed';
  const skew = Math.abs(
    Date.parse(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    ) - Date.now(),
  );
  if (skew > 15 * 60_000) return 'RequestTimeTooSkewed';
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(payload)) return 'XAmzContentSHA256Mismatch';
  const names = signedHeaders!.split(';');
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) if (!names.includes(required)) return 'SignatureDoesNotMatch';
  const url = new URL(req.url ?? '/', 'http://x');
  const query = [...url.searchParams]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join('&');
  const canonicalHeaders = names
    .map(
      (n) =>
        `${n}:${String(req.headers[n] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [
    req.method,
    uriEncodePath(decodeURIComponent(url.pathname)),
    query,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day!), region!), 's3'), 'aws4_request');
  const expected = hmac(key, stringToSign);
  const given = Buffer.from(signature!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : 'SignatureDoesNotMatch';
}

export async function startS3Emulator(opts: { bucket?: string; region?: string } = {}): Promise<S3Emulator> {
  const bucket = opts.bucket ?? 'shop-media';
  const creds = {
    accessKeyId: 'AKIATESTMEDIA0000001',
    secretAccessKey: 'test-secret-key-for-the-emulator-only',
    region: opts.region ?? 'eu-central-1',
  };
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const log: S3Emulator['log'] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const payload = await body(req);
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const [, b, ...rest] = path.split('/');
      const key = rest.join('/');
      const answer = (status: number, text = '', headers: Record<string, string> = {}) => {
        log.push({ method: req.method ?? '', key, status });
        res.writeHead(status, { 'content-type': 'application/xml', ...headers }).end(text);
      };
      const problem = signatureProblem(req, payload, creds);
      if (problem) return answer(403, `<Error><Code>${problem}</Code></Error>`);
      if (b !== bucket) return answer(404, '<Error><Code>NoSuchBucket</Code></Error>');
      if (!key) return answer(400, '<Error><Code>InvalidRequest</Code></Error>');
      if (req.method === 'PUT') {
        objects.set(key, { bytes: payload, contentType: String(req.headers['content-type'] ?? 'application/octet-stream') });
        return answer(200, '', { etag: `"${sha256(payload).slice(0, 32)}"` });
      }
      if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) return answer(404, '<Error><Code>NoSuchKey</Code></Error>');
        log.push({ method: 'GET', key, status: 200 });
        res.writeHead(200, { 'content-type': o.contentType, 'content-length': String(o.bytes.length) }).end(o.bytes);
        return;
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return answer(204);
      }
      return answer(405, '<Error><Code>MethodNotAllowed</Code></Error>');
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    ...creds,
    objects,
    log,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
