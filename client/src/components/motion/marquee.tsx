import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MARQUEE, marqueeIterations } from '../../brand/motion';
import { useT } from '../../hooks/use-locale';
import styles from './marquee.module.css';

/**
 * A scrolling band (spec section 9: 20 s a pass, no delay, endless by default; the numbers are CSS custom
 * properties, brand/motion.ts). The content is shown twice so the band loops without a gap: the copy is
 * `aria-hidden` and `inert` (nothing in it is read out or focusable). It pauses while the pointer is over it
 * or focus is inside it, and with its own pause button (WCAG 2.2.2: anything moving longer than 5 s can be
 * stopped). With `prefers-reduced-motion: reduce` it does not move: the content stands still, wrapped, and
 * the copy and the button are hidden. Works without JavaScript (CSS only; the button then does nothing).
 */
export function Marquee({
  label,
  children,
  duration = MARQUEE.durationS,
  delay = MARQUEE.delayS,
  loop = MARQUEE.loop,
  className,
}: {
  /** The band's accessible name (a region landmark). */
  label: string;
  children: ReactNode;
  /** Seconds a pass takes (default 20). */
  duration?: number;
  /** Seconds before it starts (default 0). */
  delay?: number;
  /** Passes; 0 = endless (default). */
  loop?: number;
  className?: string;
}) {
  const { t } = useT();
  const [paused, setPaused] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  // Other values than the defaults go in through the CSS object model (a style attribute would need the
  // CSP's 'unsafe-inline'); the defaults come from tokens.css, so the server's HTML already moves.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (duration !== MARQUEE.durationS) el.style.setProperty('--marquee-duration', `${duration}s`);
    if (delay !== MARQUEE.delayS) el.style.setProperty('--marquee-delay', `${delay}s`);
    if (loop !== MARQUEE.loop) el.style.setProperty('--marquee-iterations', marqueeIterations(loop));
  }, [duration, delay, loop]);
  return (
    <section
      ref={ref}
      className={[styles.marquee, paused ? styles.paused : '', className ?? ''].join(' ').trim()}
      aria-label={label}
      data-marquee=""
    >
      <div className={styles.viewport}>
        <div className={styles.track} data-marquee-track="">
          <div className={styles.group}>{children}</div>
          <div className={styles.group} aria-hidden="true" inert>
            {children}
          </div>
        </div>
      </div>
      <button type="button" className={styles.toggle} onClick={() => setPaused((p) => !p)}>
        {t(paused ? 'marquee.play' : 'marquee.pause')}
      </button>
    </section>
  );
}
