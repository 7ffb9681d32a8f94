import type { MailLocale } from '../mail-locale.js';

/**
 * Dates, times and percentages as the mails write them, by hand from Intl parts so that every
 * language reads the way its readers write it (Intl's own long formats differ between ICU versions
 * and say "22. studenoga 2026." where Croatian mails want the numeric "22. 11. 2026."):
 *
 *   hr  22. 11. 2026. u 14:05     22. 12. 2026.
 *   en  22 November 2026, 14:05   22 December 2026
 *   de  22. November 2026, 14:05  22. Dezember 2026
 *   sl  22. 11. 2026 ob 14:05     22. 12. 2026
 *
 * Pure functions of their arguments: no clock, no process time zone. Times are shown on the shop's
 * clock, Europe/Zagreb, whatever zone the server runs in.
 */
export const MAIL_TIME_ZONE = 'Europe/Zagreb';

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Numeric parts only (the locale just picks Latin digits); hourCycle h23 so midnight is 00, not 24. */
const zagrebClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: MAIL_TIME_ZONE,
  numberingSystem: 'latn',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO 8601 timestamp with its offset ("2026-11-22T13:05:00Z", "…+01:00"); a zoneless one would depend on the server. */
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Date and time of an instant on the Zagreb clock, e.g. `22. 11. 2026. u 14:05` (hr). */
export function formatDateTime(isoTimestamp: string, locale: MailLocale): string {
  const instant = new Date(isoTimestamp);
  if (!ISO_TIMESTAMP.test(isoTimestamp) || Number.isNaN(instant.getTime())) {
    throw new RangeError(`Expected an ISO 8601 timestamp with an offset, got '${isoTimestamp}'`);
  }
  const parts = Object.fromEntries(zagrebClock.formatToParts(instant).map((p) => [p.type, p.value]));
  const date = formatParts({ year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) }, locale);
  const time = `${parts.hour}:${parts.minute}`;
  switch (locale) {
    case 'hr':
      return `${date} u ${time}`;
    case 'sl':
      return `${date} ob ${time}`;
    case 'en':
    case 'de':
      return `${date}, ${time}`;
  }
}

/** A calendar date ("2026-12-22", no time zone involved), e.g. `22. 12. 2026.` (hr). */
export function formatDate(isoDate: string, locale: MailLocale): string {
  const match = ISO_DATE.exec(isoDate);
  const [year, month, day] = match ? match.slice(1).map(Number) : [NaN, NaN, NaN];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (!match || check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Expected a calendar date YYYY-MM-DD, got '${isoDate}'`);
  }
  return formatParts({ year, month, day }, locale);
}

/** A whole-number percentage as the language writes it: `20 %` (hr, de, sl, with a no-break space), `20%` (en). */
export function formatPercent(percent: number, locale: MailLocale): string {
  let format = percentFormats.get(locale);
  if (!format) percentFormats.set(locale, (format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 })));
  return format.format(percent / 100);
}
/** Built once per language: an Intl formatter costs far more to build than to use. */
const percentFormats = new Map<MailLocale, Intl.NumberFormat>();

function formatParts({ year, month, day }: CalendarDate, locale: MailLocale): string {
  switch (locale) {
    case 'hr':
      return `${day}. ${month}. ${year}.`;
    case 'sl':
      return `${day}. ${month}. ${year}`;
    case 'en':
      return `${day} ${monthName(month, locale)} ${year}`;
    case 'de':
      return `${day}. ${monthName(month, locale)} ${year}`;
  }
}

const monthNames = new Map<MailLocale, Intl.DateTimeFormat>();

/** The month's name in the language (en, de: the same form stands alone and in a date). */
function monthName(month: number, locale: MailLocale): string {
  let format = monthNames.get(locale);
  if (!format) monthNames.set(locale, (format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' })));
  return format.format(Date.UTC(2000, month - 1, 1));
}
