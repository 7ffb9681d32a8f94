import { describe, expect, it } from '@jest/globals';
import { ConnectionClosedError } from 'bullmq';
import { asConnectionError, withConnectionErrors } from './queue-backend.js';

describe("BullMQ's PostgreSQL backend: pg connection failures as BullMQ connection errors", () => {
  it('turns pg connection failures into ConnectionClosedError (so a worker waits before it retries)', () => {
    for (const err of [
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:54329'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ]) {
      const mapped = asConnectionError(err);
      expect(mapped).toBeInstanceOf(ConnectionClosedError);
      expect((mapped as Error & { cause?: unknown }).cause).toBe(err);
    }
  });

  it('passes every other error through unchanged', () => {
    const unique = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    expect(asConnectionError(unique)).toBe(unique);
    const closed = new ConnectionClosedError();
    expect(asConnectionError(closed)).toBe(closed);
  });

  it("wraps the backend's methods, sync and async, and keeps their results and `this`", async () => {
    class Backend {
      value = 41;
      async next() {
        return this.value + 1;
      }
      async fetch() {
        throw new Error('Connection terminated unexpectedly');
      }
      count() {
        throw Object.assign(new Error('bad input'), { code: '22P02' });
      }
    }
    const backend = withConnectionErrors(new Backend());
    await expect(backend.next()).resolves.toBe(42);
    await expect(backend.fetch()).rejects.toBeInstanceOf(ConnectionClosedError);
    expect(() => backend.count()).toThrow('bad input');
    backend.value = 1;
    await expect(backend.next()).resolves.toBe(2);
  });
});
