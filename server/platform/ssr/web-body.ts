import type { ServerResponse } from 'node:http';
import { Readable, pipeline } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/**
 * Streams a rendered page's body to the visitor. A visitor who leaves before its end (a closed tab,
 * a load generator's last requests) cancels the body: the router's stream transform and the render
 * behind it are released at once, not held until TanStack's lifetime backstop ('SSR stream transform
 * exceeded maximum lifetime (120000ms)') two minutes later. An error of the render mid-stream cuts
 * the response, as before (the status line is already sent).
 */
export function sendBody(body: ReadableStream<Uint8Array>, res: ServerResponse): void {
  pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), res, () => undefined);
}

/** A body that is not sent (HEAD): cancelled, so its render is released now. */
export function dropBody(body: ReadableStream<Uint8Array> | null): void {
  void body?.cancel().catch(() => undefined);
}
