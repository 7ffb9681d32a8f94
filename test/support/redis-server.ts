import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from './free-port.js';
import { Redis } from 'ioredis';
import { waitFor } from './wait.js';

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

/**
 * A throwaway redis-server of the test's own on a free loopback port, without persistence, that
 * the test can stop and start again on the same port (Redis going away and coming back).
 */
export class TestRedisServer {
  private child: ChildProcess | undefined;
  private constructor(readonly port: number) {}

  static async start(): Promise<TestRedisServer> {
    if (!existsSync(REDIS_SERVER))
      throw new Error(`This test needs ${REDIS_SERVER} (apt-get install redis-server, or set REDIS_SERVER_PATH)`);
    const server = new TestRedisServer(await freePort());
    await server.resume();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  /** Starts (again) on the same port and waits until it answers PING. */
  async resume(): Promise<void> {
    if (this.child) return;
    const child = spawn(
      REDIS_SERVER,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    child.once('exit', () => {
      if (this.child === child) this.child = undefined;
    });
    await waitFor(`redis-server on port ${this.port}`, async () => {
      if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}`);
      const probe = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } finally {
        probe.disconnect();
      }
    });
  }

  /** Stops it and waits for the process to exit. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill('SIGKILL');
    await exited;
    this.child = undefined;
  }
}
