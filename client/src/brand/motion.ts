/**
 * The brand's motion defaults (spec section 9), one definition for TypeScript; the same numbers are CSS
 * custom properties in styles/tokens.css (--motion-duration, --motion-easing, --marquee-duration,
 * --marquee-delay, --marquee-iterations), kept equal by motion.spec.ts.
 *  - animations: 250 ms, ease-in-out; a revealed section re-measures its height once its content has
 *    been still for 2 s (not on every change);
 *  - the marquee: 20 s a pass, no delay, loop 0 = endless.
 * With `prefers-reduced-motion: reduce` nothing moves (reducedMotion()).
 */
export const MOTION = { durationMs: 250, easing: 'ease-in-out', idleRemeasureMs: 2000 } as const;

/** `loop` counts passes; 0 means endless (CSS `infinite`). */
export const MARQUEE = { durationS: 20, delayS: 0, loop: 0 } as const;

/** The CSS value of a loop count: 0 is endless. */
export function marqueeIterations(loop: number): string {
  return loop > 0 ? String(Math.floor(loop)) : 'infinite';
}

/** Whether the visitor asked for reduced motion (false on the server and where the query is unknown). */
export function reducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
