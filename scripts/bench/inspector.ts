// The memory figures of `npm run bench` (issue 11): the web process is started with
// `--inspect=127.0.0.1:<port>` (loopback only, the bench's own process) and, at each point the
// bench records, asked over the DevTools protocol for a full garbage collection and
// `process.memoryUsage()`. Resident memory read at a random moment swings by 100+ MB with the
// garbage not yet collected; the figures after a full collection are what a leak would move.
//
// A minimal WebSocket client (RFC 6455: one text frame per message, which is what the inspector
// sends and accepts) so the bench needs no package for it.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';

export interface HeapFigures {
  /** Resident memory after the collection, MB. */
  rss_mb: number;
  heap_used_mb: number;
  heap_total_mb: number;
  external_mb: number;
}

/** Connects to the inspector on `port`, collects garbage, reads the figures and disconnects. */
export async function collectAndMeasure(port: number): Promise<HeapFigures> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const url = new URL(targets[0]!.webSocketDebuggerUrl);
  const socket = await upgrade(url);
  try {
    const session = new Session(socket);
    await session.call('HeapProfiler.collectGarbage');
    const r = (await session.call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })) as {
      result: { value: string };
    };
    const m = JSON.parse(r.result.value) as { rss: number; heapUsed: number; heapTotal: number; external: number };
    const mb = (n: number) => Math.round(n / 1048576);
    return { rss_mb: mb(m.rss), heap_used_mb: mb(m.heapUsed), heap_total_mb: mb(m.heapTotal), external_mb: mb(m.external) };
  } finally {
    socket.destroy();
  }
}

function upgrade(url: URL): Promise<Socket> {
  return new Promise((done, fail) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
      },
    });
    req.once('upgrade', (_res, socket) => done(socket));
    req.once('response', (res) => fail(new Error(`the inspector answered ${res.statusCode} instead of switching to WebSocket`)));
    req.once('error', fail);
    req.end();
  });
}

class Session {
  private nextId = 0;
  private buffer = Buffer.alloc(0);
  private readonly pending = new Map<number, { done: (v: unknown) => void; fail: (e: Error) => void }>();

  constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.once('close', () => {
      for (const p of this.pending.values()) p.fail(new Error('the inspector connection closed'));
      this.pending.clear();
    });
  }

  call(method: string, params: object = {}): Promise<unknown> {
    const id = ++this.nextId;
    return new Promise((done, fail) => {
      this.pending.set(id, { done, fail });
      this.socket.write(frame(JSON.stringify({ id, method, params })));
    });
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (this.buffer.length < 2) return;
      let length = this.buffer[1]! & 0x7f;
      let at = 2;
      if (length === 126) {
        if (this.buffer.length < 4) return;
        length = this.buffer.readUInt16BE(2);
        at = 4;
      } else if (length === 127) {
        if (this.buffer.length < 10) return;
        length = Number(this.buffer.readBigUInt64BE(2));
        at = 10;
      }
      if (this.buffer.length < at + length) return;
      const opcode = this.buffer[0]! & 0x0f;
      const payload = this.buffer.subarray(at, at + length).toString('utf8');
      this.buffer = this.buffer.subarray(at + length);
      if (opcode !== 1) continue; // only text frames carry protocol messages
      const message = JSON.parse(payload) as { id?: number; result?: unknown; error?: { message: string } };
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting) continue; // events
      this.pending.delete(message.id!);
      if (message.error) waiting.fail(new Error(message.error.message));
      else waiting.done(message.result);
    }
  }
}

/** One masked text frame (a client must mask). */
function frame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const mask = randomBytes(4);
  const header =
    payload.length < 126
      ? Buffer.from([0x81, 0x80 | payload.length])
      : payload.length < 65536
        ? Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff])
        : Buffer.concat([
            Buffer.from([0x81, 0x80 | 127]),
            (() => {
              const b = Buffer.alloc(8);
              b.writeBigUInt64BE(BigInt(payload.length));
              return b;
            })(),
          ]);
  for (let i = 0; i < payload.length; i++) payload[i] = payload[i]! ^ mask[i % 4]!;
  return Buffer.concat([header, mask, payload]);
}
