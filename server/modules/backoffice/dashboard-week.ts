/**
 * The calendar of the dashboard: today and this week (Monday to Sunday) as dates in the shop's zone.
 * Pure, so the edges (a Sunday, New Year, the clock changes) are unit-tested.
 */

/** The date (YYYY-MM-DD) it is at `now` in `timeZone`. */
export function dateIn(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** `date` plus `days` (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Today, and the seven days of its week from Monday, in `timeZone`. */
export function dashboardWeek(now: Date, timeZone: string): { today: string; days: string[] } {
  const today = dateIn(now, timeZone);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = addDays(today, -weekday);
  return { today, days: Array.from({ length: 7 }, (_, i) => addDays(monday, i)) };
}
