// Plain ESM (the e2e global setup imports it too): a loopback port for a server a test starts.
import { readFileSync } from 'node:fs';
import net from 'node:net';

/** The kernel's ephemeral range: ports it hands out for port 0 and for outgoing connections. */
function ephemeralRange() {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low > 1024 && high >= low) return [low, high];
  } catch {
    /* not Linux */
  }
  return [49152, 65535];
}

const canListen = (port) =>
  new Promise((done) => {
    const s = net.createServer();
    s.once('error', () => done(false));
    s.listen(port, '127.0.0.1', () => s.close(() => done(true)));
  });

/**
 * A free loopback TCP port BELOW the kernel's ephemeral range. A port the OS picked for port 0 is
 * free only for a moment: between the check and the test's own listen, any socket the process opens
 * (a database connection, a second server bound to port 0) may get the very same port from the
 * ephemeral range, and the test fails with EADDRINUSE now and then. A port outside that range is
 * never handed out implicitly, so once it was free only an explicit bind can take it.
 */
export async function freePort() {
  const [low] = ephemeralRange();
  const min = 10_000;
  const max = low - 1;
  for (let i = 0; max - min > 1000 && i < 200; i++) {
    const port = min + Math.floor(Math.random() * (max - min));
    if (await canListen(port)) return port;
  }
  // No usable range below the ephemeral one: let the OS pick.
  return new Promise((done, fail) => {
    const s = net.createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });
}
