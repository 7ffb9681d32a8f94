import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dropBody, sendBody } from './web-body.js';

/** A body like a streaming render's: a first chunk at once, the rest never (until cancelled). */
function endlessBody() {
  let cancelled!: (reason: unknown) => void;
  const cancel = new Promise<unknown>((resolve) => (cancelled = resolve));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('<!DOCTYPE html><html>'));
    },
    cancel(reason) {
      cancelled(reason ?? 'cancelled');
    },
  });
  return { body, cancel };
}

async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe('sendBody / dropBody', () => {
  it('streams the body and cancels it (releasing the render) when the visitor leaves before its end', async () => {
    const { body, cancel } = endlessBody();
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      sendBody(body, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const first = await new Promise<string>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/' }, (res) => {
          res.once('data', (chunk: Buffer) => {
            // The visitor leaves after the first bytes.
            req.destroy();
            resolve(String(chunk));
          });
        });
        req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? undefined : reject(err)));
      });
      expect(first).toBe('<!DOCTYPE html><html>');
      await expect(within(cancel, 2000)).resolves.toBeDefined();
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('sends a finished body whole', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200);
      sendBody(new Response('all of it').body!, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(await res.text()).toBe('all of it');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('cancels a body that is not sent (HEAD)', async () => {
    const { body, cancel } = endlessBody();
    dropBody(body);
    dropBody(null);
    await expect(within(cancel, 1000)).resolves.toBeDefined();
  });
});
