import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../../../config/index.js';
import type { PaymentService } from '../../payment/index.js';
import { EuDistanceSales } from './eu-distance-sales.js';
import type { DistanceSaleRow, EuDistanceSalesRepository } from './eu-distance-sales.repository.js';

/** The service over fixed rows per year and a card ledger of refunded cents per order. */
function sales(byYear: Record<number, DistanceSaleRow[]>, refunded: Record<string, number> = {}, oss = false) {
  const asked: Array<{ year: number; countries: readonly string[] }> = [];
  const rows = {
    paidOrders: (year: number, countries: readonly string[]) => {
      asked.push({ year, countries });
      return Promise.resolve(byYear[year] ?? []);
    },
  } as unknown as EuDistanceSalesRepository;
  const payments = { refundedCents: (n: string) => Promise.resolve(refunded[n] ?? 0) } as unknown as PaymentService;
  return { service: new EuDistanceSales(rows, payments, { vat: { oss } } as AppConfig), asked };
}

const row = (number: string, total: number, vatBase: number, refundedPartly = false): DistanceSaleRow => ({
  number,
  total,
  vat_base: vatBase,
  refunded_partly: refundedPartly,
});

describe('EuDistanceSales', () => {
  it('knows the Zagreb calendar year of a moment (CET/CEST, not UTC)', () => {
    expect(EuDistanceSales.yearOf(new Date('2026-12-31T22:59:59Z'))).toBe(2026);
    expect(EuDistanceSales.yearOf(new Date('2026-12-31T23:00:00Z'))).toBe(2027);
    expect(EuDistanceSales.yearOf(new Date('2027-01-01T00:30:00+01:00'))).toBe(2027);
    expect(EuDistanceSales.yearOf(new Date('2026-07-01T12:00:00Z'))).toBe(2026);
  });

  it('sums the net of the rows, less the refunded share of partly refunded ones (half up), asking for the other EU countries only', async () => {
    const { service, asked } = sales(
      {
        2026: [
          row('A', 107_000, 100_000),
          row('B', 120_000, 100_000, true), // 60,000 of 120,000 refunded -> net 50,000 left
          row('C', 333, 300, true), // 100 of 333 refunded -> 100 x 300 / 333 = 90.09 -> 90 -> 210 left
          row('D', 500, 400, true), // a refund row, but the ledger knows none (cash order still paid) -> 400
        ],
      },
      { B: 60_000, C: 100 },
    );
    expect(await service.totalNetCents(2026)).toBe(100_000 + 50_000 + 210 + 400);
    expect(asked[0].year).toBe(2026);
    expect(asked[0].countries).toHaveLength(26);
    expect(asked[0].countries).not.toContain('HR');
    expect(asked[0].countries).toContain('DE');
  });

  it('never deducts more than the order (a ledger above the total counts as the whole order)', async () => {
    const { service } = sales({ 2026: [row('A', 1000, 800, true)] }, { A: 5000 });
    expect(await service.totalNetCents(2026)).toBe(0);
  });

  it('reports share, warning (this year or the year before) and the switch', async () => {
    const { service } = sales({ 2025: [row('P', 1_300_000, 1_000_001)], 2026: [row('A', 900_000, 812_345)] }, {}, true);
    expect(await service.report(2026)).toEqual({
      year: 2026,
      total_net_cents: 812_345,
      previous_year_net_cents: 1_000_001,
      threshold_cents: 1_000_000,
      share: 0.8123,
      warning: 'over',
      oss_enabled: true,
    });
    // 2027 has nothing yet and 2026 stayed below the threshold (81 % of it counts only in its own year)
    expect((await service.report(2027)).warning).toBe('none');
    expect((await service.report(2026)).warning).toBe('over');
  });

  it('refuses a year out of range', async () => {
    const { service } = sales({});
    await expect(service.totalNetCents(1969)).rejects.toThrow(RangeError);
    await expect(service.totalNetCents(2026.5)).rejects.toThrow(RangeError);
  });
});
