import type { CSSProperties } from 'react';

/**
 * The brand as mail clients can take it: inline styles only, web-safe font stacks (the site's
 * self-hosted Fraunces and Figtree are named first for the few clients that have them installed),
 * colours with at least 4.5:1 contrast for text. Gold is decoration only; it is too light for text.
 */
export const colors = {
  page: '#f5efe3',
  card: '#ffffff',
  ink: '#2b2118',
  muted: '#5f5346',
  gold: '#c9972f',
  goldSoft: '#f1e2bf',
  action: '#7a4a0c',
  actionText: '#ffffff',
  rule: '#e6dcc9',
} as const;

export const fonts = {
  serif: "Fraunces, Georgia, 'Times New Roman', Times, serif",
  sans: "Figtree, 'Segoe UI', Roboto, 'Helvetica Neue', Helvetica, Arial, sans-serif",
  mono: "'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace",
} as const;

export const text = {
  body: { fontFamily: fonts.sans, fontSize: '16px', lineHeight: '26px', color: colors.ink, margin: '0 0 16px' },
  small: { fontFamily: fonts.sans, fontSize: '13px', lineHeight: '20px', color: colors.muted, margin: '0 0 8px' },
  heading: { fontFamily: fonts.serif, fontSize: '26px', lineHeight: '34px', fontWeight: 600, color: colors.ink, margin: '0 0 20px' },
} satisfies Record<string, CSSProperties>;

/** Width of the mail column: 600 px is what every client shows without horizontal scrolling. */
export const MAIL_WIDTH = 600;
