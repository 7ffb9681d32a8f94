/**
 * The server's only requests to the video providers: a GET with a deadline, no redirects followed, no
 * visitor header passed on, and the body read up to a limit. Failures come back as values, never thrown.
 */
export type FetchOutcome =
  | { ok: true; status: number; contentType: string; body: Buffer }
  | { ok: false; reason: 'status'; status: number }
  | { ok: false; reason: 'timeout' | 'unreachable' | 'too_large' };

export async function fetchLimited(url: string, opts: { timeoutMs: number; maxBytes: number; accept: string }): Promise<FetchOutcome> {
  const signal = AbortSignal.timeout(opts.timeoutMs);
  try {
    const res = await fetch(url, {
      signal,
      redirect: 'manual',
      headers: { accept: opts.accept, 'user-agent': 'ZlatnoZrnoShop/1 (oEmbed)' },
    });
    if (res.status !== 200) {
      await res.body?.cancel().catch(() => undefined);
      return { ok: false, reason: 'status', status: res.status };
    }
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared > opts.maxBytes) {
      await res.body?.cancel().catch(() => undefined);
      return { ok: false, reason: 'too_large' };
    }
    const chunks: Buffer[] = [];
    let size = 0;
    if (res.body) {
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        if (size > opts.maxBytes) {
          await res.body.cancel().catch(() => undefined);
          return { ok: false, reason: 'too_large' };
        }
        chunks.push(Buffer.from(chunk));
      }
    }
    return { ok: true, status: 200, contentType: (res.headers.get('content-type') ?? '').toLowerCase(), body: Buffer.concat(chunks) };
  } catch {
    if (signal.aborted) return { ok: false, reason: 'timeout' };
    return { ok: false, reason: 'unreachable' };
  }
}

/** The picture types a poster may be, recognized by their first bytes (the declared type must agree). */
export function sniffImage(bytes: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}
