import { Link, Section, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';
import { MailButton } from './mail-button.js';
import { colors, fonts, text } from './mail-theme.js';

/** A link inside running text. */
export const inlineLink: CSSProperties = { color: colors.action, textDecoration: 'underline' };

const plainLink: CSSProperties = {
  fontFamily: fonts.mono,
  fontSize: '13px',
  lineHeight: '20px',
  margin: '0 0 20px',
  wordBreak: 'break-all',
};

/**
 * The call to action of a link mail: the button, then the bare link to copy for clients that break
 * buttons. In the text part the button line already shows the link, so the hint and the copy are
 * left out there (`data-skip-in-text`).
 */
export function LinkAction({ href, label, hint }: { href: string; label: string; hint: string }) {
  return (
    <>
      <MailButton href={href}>{label}</MailButton>
      <Text style={text.small} data-skip-in-text="true">
        {hint}
      </Text>
      <Text style={plainLink} data-skip-in-text="true">
        <Link href={href} style={inlineLink}>
          {href}
        </Link>
      </Text>
    </>
  );
}

/** A tinted box for what the reader must not miss ("not you? ignore this mail"). */
export function MailNotice({ children, spaced = false }: { children: ReactNode; spaced?: boolean }) {
  return (
    <Section
      style={{ backgroundColor: colors.goldSoft, borderRadius: '6px', padding: '14px 16px', margin: spaced ? '8px 0 20px' : '8px 0 0' }}
    >
      {children}
    </Section>
  );
}

/** Greeting at the end: "Kind regards," / "The Zlatno zrno team". */
export function MailSignoff({ signoff, signature }: { signoff: string; signature: string }) {
  return (
    <Text style={{ ...text.body, margin: '24px 0 0' }}>
      {signoff}
      <br />
      {signature}
    </Text>
  );
}
