import { describe, expect, it } from '@jest/globals';
import { formatDate, formatDateTime, formatPercent } from './format.js';

describe('formatDateTime', () => {
  it.each([
    ['hr', '22. 11. 2026. u 14:05'],
    ['en', '22 November 2026, 14:05'],
    ['de', '22. November 2026, 14:05'],
    ['sl', '22. 11. 2026 ob 14:05'],
  ] as const)('in %s reads "%s" (winter, UTC+1)', (locale, expected) => {
    expect(formatDateTime('2026-11-22T13:05:00Z', locale)).toBe(expected);
  });

  it('shows summer time (UTC+2) and takes any offset', () => {
    expect(formatDateTime('2026-07-03T08:30:00.000Z', 'hr')).toBe('3. 7. 2026. u 10:30');
    expect(formatDateTime('2026-07-03T10:30:00+02:00', 'de')).toBe('3. Juli 2026, 10:30');
    expect(formatDateTime('2026-07-03T04:30:00-04:00', 'en')).toBe('3 July 2026, 10:30');
  });

  it('rolls over to the next day, month and year on the Zagreb clock, with midnight as 00', () => {
    expect(formatDateTime('2026-12-31T23:00:00Z', 'hr')).toBe('1. 1. 2027. u 00:00');
    expect(formatDateTime('2026-12-31T23:00:00Z', 'sl')).toBe('1. 1. 2027 ob 00:00');
    expect(formatDateTime('2026-05-31T22:59:59Z', 'en')).toBe('1 June 2026, 00:59');
  });

  it('follows the switch to and from summer time', () => {
    // 29 March 2026: 02:00 CET becomes 03:00 CEST. 25 October 2026: 03:00 CEST becomes 02:00 CET.
    expect(formatDateTime('2026-03-29T00:59:00Z', 'de')).toBe('29. März 2026, 01:59');
    expect(formatDateTime('2026-03-29T01:00:00Z', 'de')).toBe('29. März 2026, 03:00');
    expect(formatDateTime('2026-10-25T00:30:00Z', 'hr')).toBe('25. 10. 2026. u 02:30');
    expect(formatDateTime('2026-10-25T01:30:00Z', 'hr')).toBe('25. 10. 2026. u 02:30');
  });

  it('does not depend on the time zone of the process', () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'America/Los_Angeles';
      expect(formatDateTime('2026-11-22T13:05:00Z', 'hr')).toBe('22. 11. 2026. u 14:05');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it.each(['', 'yesterday', '2026-11-22', '2026-11-22T14:05', '2026-11-22 14:05Z', '2026-13-40T14:05:00Z'])('refuses "%s"', (value) => {
    expect(() => formatDateTime(value, 'hr')).toThrow(RangeError);
  });
});

describe('formatDate', () => {
  it.each([
    ['hr', '22. 12. 2026.'],
    ['en', '22 December 2026'],
    ['de', '22. Dezember 2026'],
    ['sl', '22. 12. 2026'],
  ] as const)('in %s reads "%s"', (locale, expected) => {
    expect(formatDate('2026-12-22', locale)).toBe(expected);
  });

  it('is a calendar date: no time zone moves it', () => {
    expect(formatDate('2027-01-01', 'hr')).toBe('1. 1. 2027.');
    expect(formatDate('2026-03-05', 'de')).toBe('5. März 2026');
  });

  it.each(['', '22. 12. 2026.', '2026-12-22T00:00:00Z', '2026-02-30', '2026-00-10', '2026-1-5'])('refuses "%s"', (value) => {
    expect(() => formatDate(value, 'en')).toThrow(RangeError);
  });
});

describe('formatPercent', () => {
  it.each([
    ['hr', '20\u00a0%'],
    ['en', '20%'],
    ['de', '20\u00a0%'],
    ['sl', '20\u00a0%'],
  ] as const)('in %s reads "%s"', (locale, expected) => {
    expect(formatPercent(20, locale)).toBe(expected);
  });

  it('keeps a fraction when there is one', () => {
    expect(formatPercent(12.5, 'de')).toBe('12,5\u00a0%');
    expect(formatPercent(12.5, 'en')).toBe('12.5%');
  });
});
