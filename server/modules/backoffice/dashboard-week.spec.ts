import { describe, expect, it } from '@jest/globals';
import { addDays, dashboardWeek, dateIn } from './dashboard-week.js';

const ZAGREB = 'Europe/Zagreb';

describe("the dashboard's calendar (Zagreb)", () => {
  it('takes the date as it is in Zagreb, not in UTC', () => {
    // 23:30 UTC on a winter Tuesday is already Wednesday in Zagreb (UTC+1).
    expect(dateIn(new Date('2026-11-24T23:30:00Z'), ZAGREB)).toBe('2026-11-25');
    expect(dateIn(new Date('2026-11-24T22:59:59Z'), ZAGREB)).toBe('2026-11-24');
    // Summer time: UTC+2.
    expect(dateIn(new Date('2026-07-14T22:00:00Z'), ZAGREB)).toBe('2026-07-15');
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('a week runs Monday to Sunday and holds today', () => {
    const wednesday = dashboardWeek(new Date('2026-11-25T10:00:00Z'), ZAGREB);
    expect(wednesday).toEqual({
      today: '2026-11-25',
      days: ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'],
    });
    // Sunday evening in Zagreb is the week's last day, not the next week's first.
    const sunday = dashboardWeek(new Date('2026-11-29T22:30:00Z'), ZAGREB);
    expect(sunday.today).toBe('2026-11-29');
    expect(sunday.days[0]).toBe('2026-11-23');
    // Monday just after midnight in Zagreb (still Sunday in UTC) starts a new week.
    const monday = dashboardWeek(new Date('2026-11-29T23:10:00Z'), ZAGREB);
    expect(monday.days[0]).toBe('2026-11-30');
    // Over New Year and over the clock change (29 March 2026): still seven calendar days.
    expect(dashboardWeek(new Date('2027-01-01T12:00:00Z'), ZAGREB).days).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(dashboardWeek(new Date('2026-03-29T12:00:00Z'), ZAGREB).days[6]).toBe('2026-03-29');
  });
});
