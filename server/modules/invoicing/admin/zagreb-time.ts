/** Calendar arithmetic in Europe/Zagreb, where invoices are dated (law art. 9; the ZKI's time, spec 12), on the wall clock of pdf/. */
import { zagrebWallTime } from '../pdf/index.js';

/** The instant of midnight in Zagreb at the start of the given day (month 1-12; 13 rolls over to January). */
function zagrebMidnight(year: number, month: number, day = 1): Date {
  const wall = Date.UTC(year, month - 1, day);
  let guess = wall;
  // the offset (+1 h or +2 h) at the guess; twice settles it across a change of summer time
  for (let i = 0; i < 2; i++) {
    const c = zagrebWallTime(new Date(guess));
    const offset = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - guess;
    guess = wall - offset;
  }
  return new Date(guess);
}

/** [from, to) of a `YYYY-MM` month in Zagreb. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: zagrebMidnight(y, m), to: zagrebMidnight(y, m + 1) };
}

/** [from, to) of a calendar year in Zagreb. */
export function yearRange(year: number): { from: Date; to: Date } {
  return { from: zagrebMidnight(year, 1), to: zagrebMidnight(year + 1, 1) };
}

const two = (n: number) => String(n).padStart(2, '0');

/** `dd.MM.yyyy HH:mm:ss` in Zagreb: the export's date and time, a form spreadsheets read as one (the printed invoice's `2026.` dot left out). */
export function zagrebDateTime(at: Date): string {
  const c = zagrebWallTime(at);
  return `${two(c.day)}.${two(c.month)}.${c.year} ${two(c.hour)}:${two(c.minute)}:${two(c.second)}`;
}

/** The Zagreb `YYYY-MM` of an instant. */
export function zagrebMonth(at: Date): string {
  const c = zagrebWallTime(at);
  return `${c.year}-${two(c.month)}`;
}
