import { deliveryJobId, deliveryJobName } from './delivery-job.js';

describe('deliveryJobId', () => {
  const eventId = '5f0c1f7e-2b1d-4a53-9a1e-6c7e1d2f3a4b';

  it('is deterministic per (event, subscriber) and has no colon', () => {
    const id = deliveryJobId(eventId, 'send-activation-mail');
    expect(id).toBe(`${eventId}__send-activation-mail`);
    expect(deliveryJobId(eventId, 'send-activation-mail')).toBe(id);
    expect(id).not.toContain(':');
  });

  it('differs between subscribers of one event and between events', () => {
    expect(deliveryJobId(eventId, 'a')).not.toBe(deliveryJobId(eventId, 'b'));
    expect(deliveryJobId(eventId, 'a')).not.toBe(deliveryJobId('6f0c1f7e-2b1d-4a53-9a1e-6c7e1d2f3a4b', 'a'));
  });

  it('refuses parts that would make an invalid BullMQ id', () => {
    expect(() => deliveryJobId(eventId, 'bad:subscriber')).toThrow(/QUEUE_INVALID_JOB_ID/);
  });

  it('names the job after the event and the subscriber for the dashboard', () => {
    expect(deliveryJobName('identity.user-registered', 'send-activation-mail')).toBe('identity.user-registered/send-activation-mail');
  });
});
