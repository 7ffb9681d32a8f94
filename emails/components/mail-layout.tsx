import type { ReactNode } from 'react';
import { Body, Container, Head, Html, Preview, Section } from '@react-email/components';
import { useMail } from './mail-context.js';
import { MailFooter } from './mail-footer.js';
import { MailHeader } from './mail-header.js';
import { colors, fonts, MAIL_WIDTH } from './mail-theme.js';
import { company } from '../../contract/brand/company.js';

export interface MailLayoutProps {
  /** The line mail clients show after the subject in the inbox list. */
  preview: string;
  /** Why this person gets this mail (one sentence, shown in the footer). */
  reason: string;
  /** Marketing mails only: their unsubscribe link (also sent as the List-Unsubscribe header). */
  unsubscribeUrl?: string;
  children: ReactNode;
}

// A straight gold band on a card with rounded lower corners (a radius under the band bends its ends).
const card = {
  backgroundColor: colors.card,
  borderTop: `4px solid ${colors.gold}`,
  borderRadius: '0 0 8px 8px',
  padding: '32px 32px 28px',
};

/** Every mail's frame: brand header, a white card with the content, company data and legal line. */
export function MailLayout({ preview, reason, unsubscribeUrl, children }: MailLayoutProps) {
  const { locale, subject } = useMail();
  return (
    <Html lang={locale} dir="ltr">
      <Head>
        <title>{subject}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.page, margin: '0', padding: '0', fontFamily: fonts.sans }}>
        <Container style={{ maxWidth: `${MAIL_WIDTH}px`, width: '100%', margin: '0 auto', padding: '0 12px 24px' }}>
          <MailHeader brand={company.brand} />
          <Section style={card}>{children}</Section>
          <MailFooter reason={reason} unsubscribeUrl={unsubscribeUrl} />
        </Container>
      </Body>
    </Html>
  );
}
