/** A gap in the page links, shown as an ellipsis. */
export const GAP = 'gap' as const;

/**
 * The page links of a list: the first and last page, the current one and two on each side, in
 * order, with `GAP` where pages are left out (a gap of exactly one page shows that page instead:
 * an ellipsis standing for one number saves nothing). `current` is clamped to [1, last].
 *
 *   pageWindow(1, 4167)  -> [1, 2, 3, GAP, 4167]
 *   pageWindow(50, 4167) -> [1, GAP, 48, 49, 50, 51, 52, GAP, 4167]
 *   pageWindow(5, 9)     -> [1, 2, 3, 4, 5, 6, 7, 8, 9]
 */
export function pageWindow(current: number, last: number, around = 2): Array<number | typeof GAP> {
  if (!Number.isSafeInteger(last) || last < 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), last);
  const shown = new Set<number>([1, last]);
  for (let n = page - around; n <= page + around; n++) if (n >= 1 && n <= last) shown.add(n);
  const pages = [...shown].sort((a, b) => a - b);
  const out: Array<number | typeof GAP> = [];
  for (const [i, n] of pages.entries()) {
    const prev = pages[i - 1];
    if (prev !== undefined && n - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && n - prev > 2) out.push(GAP);
    out.push(n);
  }
  return out;
}
