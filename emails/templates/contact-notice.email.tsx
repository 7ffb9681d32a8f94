import { Heading, Link, Text } from '@react-email/components';
import { type ContactMailMessage, languageName, previewContactMessage, QuotedMessage } from '../components/contact-blocks.js';
import { formatDateTime } from '../components/format.js';
import { inlineLink } from '../components/mail-blocks.js';
import { MailButton } from '../components/mail-button.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { text } from '../components/mail-theme.js';
import { FactTable, OrderSectionHeading } from '../components/order-blocks.js';
import { defineTemplate } from '../mail-template.js';

export interface ContactNoticeProps {
  message: ContactMailMessage;
  /** `mailto:` the sender, subject 'Re: …': the button answers at once (the mail's Reply-To says the same). */
  replyUrl: string;
  /** Absolute link to the contact page in the sender's language (where the message was written). */
  pageUrl: string;
}

/**
 * Sent to the shop's contact inbox (`CONTACT_EMAIL`) for every contact form message, in the shop's
 * language (Croatian): who wrote, in which language, how to reach them, and their text. The mail's
 * Reply-To is the sender, so answering it answers them.
 */
export function ContactNoticeEmail({ message, replyUrl, pageUrl }: ContactNoticeProps) {
  const { t, locale, publicUrl } = useMail();
  const language = languageName(message.locale, locale);
  const receivedAt = formatDateTime(message.receivedAt, locale);
  return (
    <MailLayout
      preview={t('contactNotice.preview', { name: message.name, subject: message.subject })}
      reason={t('contactNotice.reason', { site: new URL(publicUrl).host })}
    >
      <Heading as="h1" style={text.heading}>
        {t('contactNotice.heading')}
      </Heading>
      <Text style={text.body}>{t('contactNotice.intro', { name: message.name, receivedAt, language })}</Text>
      <MailButton href={replyUrl}>{t('contactNotice.button', { name: message.name })}</MailButton>
      <Text style={text.small}>{t('contactNotice.replyHint', { email: message.email })}</Text>
      <FactTable
        rows={[
          [t('contactNotice.name'), message.name],
          [
            t('contactNotice.email'),
            <Link href={`mailto:${message.email}`} style={inlineLink}>
              {message.email}
            </Link>,
          ],
          [
            t('contactNotice.phone'),
            message.phone ? (
              <Link href={`tel:${message.phone.replace(/[^\d+]/g, '')}`} style={inlineLink}>
                {message.phone}
              </Link>
            ) : (
              t('contactNotice.noPhone')
            ),
          ],
          [t('contactNotice.language'), language],
          [t('contactNotice.received'), receivedAt],
          [
            t('contactNotice.page'),
            <Link href={pageUrl} style={inlineLink}>
              {pageUrl}
            </Link>,
          ],
        ]}
      />
      <OrderSectionHeading>{t('contactNotice.messageHeading')}</OrderSectionHeading>
      <QuotedMessage subject={message.subject} text={message.text} />
    </MailLayout>
  );
}

export const contactNotice = defineTemplate<ContactNoticeProps>({
  Component: ContactNoticeEmail,
  subject: (t, { message }) => t('contactNotice.subject', { subject: message.subject, name: message.name }),
  previewProps: ({ publicUrl }) => {
    const message = previewContactMessage();
    return {
      message,
      replyUrl: `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`,
      pageUrl: `${publicUrl}/sl/kontakt`,
    };
  },
});
