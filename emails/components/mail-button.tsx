import { Button, Section } from '@react-email/components';
import { colors, fonts } from './mail-theme.js';

/** The one call to action of a mail: a large, high-contrast link styled as a button. */
export function MailButton({ href, children }: { href: string; children: string }) {
  return (
    <Section style={{ textAlign: 'center', margin: '8px 0 24px' }}>
      <Button
        href={href}
        style={{
          backgroundColor: colors.action,
          color: colors.actionText,
          fontFamily: fonts.sans,
          fontSize: '17px',
          fontWeight: 600,
          lineHeight: '24px',
          textDecoration: 'none',
          borderRadius: '6px',
          padding: '14px 32px',
          display: 'inline-block',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}
