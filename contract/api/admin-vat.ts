import { z } from 'zod';
import { data } from './fields.js';

/**
 * The operators' VAT API (docs/invoicing/vat.md): the year's EU distance sales against the EUR 10,000
 * threshold of art. 59c of the VAT directive.
 */

/** `?year=2026` (four digits, 2000-2999); absent or blank: the current year in Europe/Zagreb. */
export const EuDistanceSalesQuery = z.object({
  year: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    z
      .string()
      .regex(/^[0-9]{4}$/, 'a year of four digits')
      .transform(Number)
      .pipe(z.number().int().min(2000).max(2999))
      .optional(),
  ),
});
export type EuDistanceSalesQuery = z.infer<typeof EuDistanceSalesQuery>;

export const EuDistanceSalesView = z.object({
  year: z.number().int(),
  total_net_cents: z.number().int().meta({
    description:
      'Net (VAT excluded) of the paid orders delivered to EU countries other than Croatia, placed in the year (Europe/Zagreb), refunds deducted',
  }),
  previous_year_net_cents: z.number().int().meta({
    description: 'The same total for the year before: above the threshold, the destination VAT applies all this year too (art. 59c(1)(c))',
  }),
  threshold_cents: z.number().int().meta({ example: 1_000_000 }),
  share: z.number().meta({ description: 'total_net_cents / threshold_cents (1 = the threshold), rounded to 4 decimals' }),
  warning: z
    .enum(['none', 'near', 'over'])
    .meta({ description: 'near: from 80 % of the threshold; over: above it, this year or the year before' }),
  oss_enabled: z.boolean().meta({ description: 'VAT_OSS=on: the destination country VAT is charged' }),
});
export type EuDistanceSalesView = z.infer<typeof EuDistanceSalesView>;

export const EuDistanceSalesResponse = data(EuDistanceSalesView);
