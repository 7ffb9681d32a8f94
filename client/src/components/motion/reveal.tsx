import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { MOTION, reducedMotion } from '../../brand/motion';
import styles from './reveal.module.css';

/**
 * A section that opens and closes with the brand's animation (spec section 9: 250 ms ease-in-out,
 * brand/motion.ts). It is a native <details>: without JavaScript it opens and closes at once, and
 * assistive technology announces it as a disclosure. With JavaScript the height is animated (Web
 * Animations API, so no style attribute needs the CSP's 'unsafe-inline'). The content's height is
 * measured when it opens and again once the content has been still for 2 s (images, fonts or text that
 * arrive later), never on every change; the closing animation starts from that height. With
 * `prefers-reduced-motion: reduce` nothing is animated.
 */
export function Reveal({ summary, children, className }: { summary: ReactNode; children: ReactNode; className?: string }) {
  const details = useRef<HTMLDetailsElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const height = useRef(0);
  const animation = useRef<Animation | null>(null);

  const measure = () => {
    const el = body.current;
    if (!el) return 0;
    height.current = el.scrollHeight;
    el.dataset.measuredHeight = String(height.current);
    return height.current;
  };

  // Re-measure once the content has not changed size for MOTION.idleRemeasureMs.
  useEffect(() => {
    const el = body.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let timer: number | undefined;
    const observer = new ResizeObserver(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (details.current?.open && !animation.current) measure();
      }, MOTION.idleRemeasureMs);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, []);

  const toggle = (event: MouseEvent<HTMLElement>) => {
    const d = details.current;
    const el = body.current;
    if (!d || !el || reducedMotion() || typeof el.animate !== 'function') return; // the browser's own toggle
    event.preventDefault();
    animation.current?.cancel();
    const opening = !d.open;
    if (opening) d.open = true;
    const full = opening ? measure() : height.current || measure();
    const frames = opening ? [{ height: '0px' }, { height: `${full}px` }] : [{ height: `${full}px` }, { height: '0px' }];
    const run = el.animate(frames, { duration: MOTION.durationMs, easing: MOTION.easing });
    animation.current = run;
    run.onfinish = () => {
      animation.current = null;
      if (!opening) d.open = false;
    };
    run.oncancel = () => {
      if (animation.current === run) animation.current = null;
    };
  };

  return (
    <details ref={details} className={[styles.reveal, className ?? ''].join(' ').trim()}>
      <summary className={styles.summary} onClick={toggle}>
        {summary}
      </summary>
      <div ref={body} className={styles.body}>
        {children}
      </div>
    </details>
  );
}
