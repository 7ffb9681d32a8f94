import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { MARQUEE, MOTION, marqueeIterations } from './motion';

const tokens = readFileSync(new URL('../styles/tokens.css', import.meta.url), 'utf8');
const token = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(tokens)?.[1]?.trim();

describe('brand motion defaults (spec section 9)', () => {
  it('are 250 ms ease-in-out with a 2 s idle re-measure, and a 20 s endless marquee without delay', () => {
    expect(MOTION).toEqual({ durationMs: 250, easing: 'ease-in-out', idleRemeasureMs: 2000 });
    expect(MARQUEE).toEqual({ durationS: 20, delayS: 0, loop: 0 });
  });

  it('are the same numbers in the CSS custom properties', () => {
    expect(token('--motion-duration')).toBe(`${MOTION.durationMs}ms`);
    expect(token('--motion-easing')).toBe(MOTION.easing);
    expect(token('--marquee-duration')).toBe(`${MARQUEE.durationS}s`);
    expect(token('--marquee-delay')).toBe(`${MARQUEE.delayS}s`);
    expect(token('--marquee-iterations')).toBe(marqueeIterations(MARQUEE.loop));
  });

  it('reads loop 0 as endless', () => {
    expect(marqueeIterations(0)).toBe('infinite');
    expect(marqueeIterations(3)).toBe('3');
  });
});
