import { assertJobId } from './job-id.js';
import { QueueError } from './queue.errors.js';

describe('assertJobId', () => {
  it('accepts ids of letters, digits, dot, underscore and dash', () => {
    expect(assertJobId('0b6c3f1e-8c1a-4c1e-9a57-3f3f0f6e2a10__send-activation-mail')).toBe(
      '0b6c3f1e-8c1a-4c1e-9a57-3f3f0f6e2a10__send-activation-mail',
    );
    expect(assertJobId('events.prune')).toBe('events.prune');
  });

  it.each([['a:b'], [''], ['12345'], ['with space'], ['x'.repeat(201)], ['ümlaut']])('refuses %j with QUEUE_INVALID_JOB_ID', (id) => {
    expect(() => assertJobId(id)).toThrow(QueueError);
    try {
      assertJobId(id);
    } catch (err) {
      expect((err as QueueError).code).toBe('QUEUE_INVALID_JOB_ID');
    }
  });
});
