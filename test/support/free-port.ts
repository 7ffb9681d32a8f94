import net from 'node:net';

/** A loopback TCP port that was free a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = net.createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => done(port));
    });
  });
}
