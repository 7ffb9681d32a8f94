import { GAP, pageWindow } from './pagination';

describe('pageWindow', () => {
  it('shows first, last and two pages around the current one, with gaps', () => {
    expect(pageWindow(1, 4167)).toEqual([1, 2, 3, GAP, 4167]);
    expect(pageWindow(50, 4167)).toEqual([1, GAP, 48, 49, 50, 51, 52, GAP, 4167]);
    expect(pageWindow(4167, 4167)).toEqual([1, GAP, 4165, 4166, 4167]);
    expect(pageWindow(4164, 4167)).toEqual([1, GAP, 4162, 4163, 4164, 4165, 4166, 4167]);
  });

  it('never stands an ellipsis for a single page', () => {
    expect(pageWindow(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 6, GAP, 10]);
    expect(pageWindow(6, 12)).toEqual([1, GAP, 4, 5, 6, 7, 8, GAP, 12]);
  });

  it('lists every page of a short list and nothing for no pages', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('keeps a bounded number of links whatever the size', () => {
    for (const last of [7, 100, 4167, 100_000]) {
      for (const current of [1, 2, 3, Math.ceil(last / 2), last - 1, last]) {
        const links = pageWindow(current, last);
        expect(links.length).toBeLessThanOrEqual(9);
        expect(links[0]).toBe(1);
        expect(links.at(-1)).toBe(last);
        expect(links).toContain(current);
        const numbers = links.filter((n): n is number => n !== GAP);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        expect(new Set(numbers).size).toBe(numbers.length);
      }
    }
  });

  it('clamps a current page outside the list', () => {
    expect(pageWindow(0, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(99, 10)).toEqual([1, GAP, 8, 9, 10]);
  });
});
