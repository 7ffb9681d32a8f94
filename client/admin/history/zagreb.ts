/**
 * Days and moments in the family's time zone (Europe/Zagreb), whatever the operator's computer says:
 * a coupon's validity days and the audit log's date filters are Zagreb days.
 */
const ZONE = 'Europe/Zagreb';

/** `2026-11-29` for a Zagreb calendar day (y-m-d); null when not a real day. */
function parts(day: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? [y, mo, d] : null;
}

/** Zagreb's offset from UTC at `instant`, as `+01:00` or `+02:00`. */
function offsetAt(instant: Date): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-]\d{2}:\d{2})/.exec(name ?? '');
  return m ? m[1]! : '+00:00';
}

/** The start of a Zagreb day as ISO 8601 with its offset (`2026-11-29T00:00:00+01:00`); null for no real day. */
export function zagrebDayStart(day: string): string | null {
  const p = parts(day);
  if (!p) return null;
  // Clocks change at 02:00/03:00, so the offset at noon UTC of that day is the one at midnight.
  return `${day}T00:00:00${offsetAt(new Date(Date.UTC(p[0], p[1] - 1, p[2], 12)))}`;
}

/** The Zagreb day after `day` (`2026-12-31` -> `2027-01-01`). */
export function nextDay(day: string): string | null {
  const p = parts(day);
  if (!p) return null;
  return new Date(Date.UTC(p[0], p[1] - 1, p[2] + 1)).toISOString().slice(0, 10);
}

/** The Zagreb calendar day of an instant (`2026-11-28T23:30:00Z` -> `2026-11-29`). */
export function zagrebDay(instant: string | Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));
}

/** An instant as the operator reads it: date and time in Zagreb, in the back office's language. */
export function zagrebDateTime(instant: string | Date, tag: string): string {
  return new Intl.DateTimeFormat(tag, { timeZone: ZONE, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant));
}

/** A day as the operator reads it, in the back office's language. */
export function zagrebDate(instant: string | Date, tag: string): string {
  return new Intl.DateTimeFormat(tag, { timeZone: ZONE, dateStyle: 'medium' }).format(new Date(instant));
}
