/**
 * An instant as the wall clock in Croatia (Europe/Zagreb, CET/CEST) shows it: the time the invoice,
 * its QR code (spec 2.7) and the CIS messages write. Read through Intl with a fixed zone, so the
 * server's own zone never matters; digits are padded by hand.
 */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export const FISCAL_TIME_ZONE = 'Europe/Zagreb';

const FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: FISCAL_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

export function zagrebWallTime(at: Date): WallTime {
  if (Number.isNaN(at.getTime())) throw new RangeError('zagrebWallTime: invalid date');
  const parts = FORMAT.formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

const two = (n: number) => String(n).padStart(2, '0');

/** `14.07.2026. 10:05:09`: the issue time as a Croatian invoice prints it. */
export function formatInvoiceDateTime(at: Date): string {
  const t = zagrebWallTime(at);
  return `${two(t.day)}.${two(t.month)}.${t.year}. ${two(t.hour)}:${two(t.minute)}:${two(t.second)}`;
}

/** `20260714_1005`: the QR code's `datv` (spec 2.7: GGGGMMDD_HHMM, 13 characters; the seconds are dropped). */
export function qrDateTime(at: Date): string {
  const t = zagrebWallTime(at);
  return `${t.year}${two(t.month)}${two(t.day)}_${two(t.hour)}${two(t.minute)}`;
}
