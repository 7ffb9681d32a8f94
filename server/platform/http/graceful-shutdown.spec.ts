import http from 'node:http';
import net from 'node:net';
import { InProcessApi } from '../ssr/in-process-api.js';
import { HttpDrain } from './graceful-shutdown.js';

/** A real HTTP server whose /slow answers only when the test says so. */
async function serve() {
  const pending: Array<() => void> = [];
  const handler: http.RequestListener = (req, res) => {
    const answer = () => res.end(`ok ${req.url}`);
    if (req.url === '/slow' || req.url === '/api/slow') pending.push(answer);
    else answer();
  };
  const server = http.createServer(handler);
  const drain = new HttpDrain(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return { server, drain, port, pending, handler };
}

function get(port: number, path: string, agent: http.Agent): Promise<{ status: number; connection?: string; body: string }> {
  return new Promise((done, fail) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.on('data', (d) => (body += String(d)));
        res.on('end', () => done({ status: res.statusCode!, connection: res.headers.connection, body }));
      })
      .on('error', fail);
  });
}

const until = async (what: () => boolean) => {
  while (!what()) await new Promise((r) => setTimeout(r, 5));
};

describe('HttpDrain', () => {
  it('lets in-flight requests finish with Connection: close, closes idle keep-alive connections, and only then resolves', async () => {
    const { server, drain, port, pending } = await serve();
    const busy = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const idle = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, '/fast', idle)).connection).toBe('keep-alive');
    const slow = get(port, '/slow', busy);
    await until(() => pending.length === 1);

    let drained = false;
    const done = drain.drain(10_000).then(() => (drained = true));
    expect(server.listening).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(drained).toBe(false); // a request is still in flight
    expect(drain.inFlight).toBe(1);

    pending[0]!();
    const answer = await slow;
    expect(answer).toEqual({ status: 200, connection: 'close', body: 'ok /slow' });
    await done;
    expect(drained).toBe(true);
    busy.destroy();
    idle.destroy();
  });

  it('answers a request that arrives on a kept-alive connection after the drain began, with Connection: close', async () => {
    const { server, drain, port, pending } = await serve();
    let serverSide: net.Socket | undefined;
    server.on('connection', (s: net.Socket) => (serverSide = s));
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d) => (text += String(d)));
    const closed = new Promise((r) => socket.once('close', r));
    socket.write('GET /a HTTP/1.1\r\nHost: x\r\n\r\n');
    await until(() => text.includes('ok /a'));
    const first = 'GET /a HTTP/1.1\r\nHost: x\r\n\r\n'.length;
    const begun = 'GET /b HTTP/1.1\r\nHost: x\r\n';
    socket.write(begun); // begun, not complete: the connection is not idle
    await until(() => (serverSide?.bytesRead ?? 0) >= first + begun.length);
    const done = drain.drain(10_000);
    socket.write('\r\n');
    await closed;
    await done;
    expect(text).toMatch(/ok \/b$/);
    expect(text.split('HTTP/1.1 200 OK').pop()).toMatch(/Connection: close/i);
    expect(pending).toHaveLength(0);
  });

  it('serves in-process API calls while the public side drains, and waits for them too', async () => {
    const { drain, port, pending, handler } = await serve();
    const api = new InProcessApi(handler);
    drain.trackInProcess(api.server);
    const agent = new http.Agent({ keepAlive: true });
    const page = get(port, '/slow', agent);
    await until(() => pending.length === 1);
    let drained = false;
    const done = drain.drain(10_000).then(() => (drained = true));
    // A page render in flight still reaches the API, in process.
    expect(await api.port({ method: 'GET', path: '/api/x', headers: {} })).toMatchObject({ status: 200, body: 'ok /api/x' });
    // A call still in flight when the page is done (its visitor left) holds the drain until it is answered.
    const late = api.port({ method: 'GET', path: '/api/slow', headers: {} });
    await until(() => pending.length === 2);
    expect(drain.inFlight).toBe(2);
    pending[0]!();
    await page;
    await new Promise((r) => setTimeout(r, 50));
    expect(drained).toBe(false);
    expect(drain.inFlight).toBe(1);
    pending[1]!();
    expect(await late).toMatchObject({ status: 200, body: 'ok /api/slow' });
    await done;
    expect(drained).toBe(true);
    agent.destroy();
  });

  it('cuts in-process calls still running at the deadline', async () => {
    const { drain, pending, handler } = await serve();
    const api = new InProcessApi(handler);
    drain.trackInProcess(api.server);
    const stuck = api
      .port({ method: 'GET', path: '/api/slow', headers: {} })
      .catch((err: NodeJS.ErrnoException) => err.code ?? err.message);
    await until(() => pending.length === 1);
    await drain.drain(50);
    expect(await stuck).toBe('ECONNRESET');
  });

  it('cuts what is left at the deadline', async () => {
    const { drain, port, pending } = await serve();
    const agent = new http.Agent({ keepAlive: true });
    const stuck = get(port, '/slow', agent).catch((err: NodeJS.ErrnoException) => err.code);
    await until(() => pending.length === 1);
    await drain.drain(50);
    expect(await stuck).toBe('ECONNRESET');
    agent.destroy();
  });
});
