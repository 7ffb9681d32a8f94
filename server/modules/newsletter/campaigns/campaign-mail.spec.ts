import { describe, expect, it } from '@jest/globals';
import { campaignHeaders, deliveryJobId, paceDelayMs, sendDurationMs } from './campaign-mail.js';

describe('campaign mail headers', () => {
  it('carries List-Id, the one-click List-Unsubscribe and its POST, and Precedence: bulk', () => {
    expect(
      campaignHeaders({ listId: '<novosti.zlatnozrno.hr>', oneClickUrl: 'https://zlatnozrno.hr/api/newsletter/unsubscribe?token=abc' }),
    ).toEqual({
      'List-Id': '<novosti.zlatnozrno.hr>',
      'List-Unsubscribe': '<https://zlatnozrno.hr/api/newsletter/unsubscribe?token=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      Precedence: 'bulk',
    });
  });

  it('adds a mailto after the https link when there is one (RFC 2369 order: the client takes the first it can use)', () => {
    const h = campaignHeaders({ listId: '<x.example>', oneClickUrl: 'https://e.example/u?token=t', mailto: 'odjava@e.example' });
    expect(h['List-Unsubscribe']).toBe('<https://e.example/u?token=t>, <mailto:odjava@e.example?subject=unsubscribe>');
  });
});

describe('pacing', () => {
  it('spaces the mails evenly at the rate per minute', () => {
    expect([0, 1, 2, 59, 60].map((p) => paceDelayMs(p, 60))).toEqual([0, 1000, 2000, 59_000, 60_000]);
    expect([0, 1, 2, 3].map((p) => paceDelayMs(p, 7))).toEqual([0, 8571, 17_142, 25_714]);
  });

  it('never puts more than the rate into any minute', () => {
    for (const rate of [1, 7, 60, 600, 1000]) {
      const delays = Array.from({ length: rate * 3 }, (_, p) => paceDelayMs(p, rate));
      for (const start of delays) expect(delays.filter((d) => d >= start && d < start + 60_000).length).toBeLessThanOrEqual(rate);
    }
  });

  it('tells how long a send takes and refuses nonsense', () => {
    expect(sendDurationMs(0, 60)).toBe(0);
    expect(sendDurationMs(1, 60)).toBe(0);
    expect(sendDurationMs(121, 60)).toBe(120_000);
    expect(() => paceDelayMs(-1, 60)).toThrow(RangeError);
    expect(() => paceDelayMs(1, 0)).toThrow(RangeError);
  });

  it('names the job without a colon', () => {
    expect(deliveryJobId('5f0c')).toBe('newsletter-delivery-5f0c');
  });
});
