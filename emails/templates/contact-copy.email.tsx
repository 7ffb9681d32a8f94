import { Heading, Text } from '@react-email/components';
import { type ContactMailMessage, previewContactMessage, QuotedMessage } from '../components/contact-blocks.js';
import { formatDateTime } from '../components/format.js';
import { LinkAction, MailNotice, MailSignoff } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { text } from '../components/mail-theme.js';
import { OrderSectionHeading } from '../components/order-blocks.js';
import { publicPath } from '../../contract/paths.js';
import { defineTemplate } from '../mail-template.js';

export interface ContactCopyProps {
  message: ContactMailMessage;
  /** Absolute link to the shop's products page in the sender's language. */
  shopUrl: string;
}

/**
 * The sender's copy of a contact form message, in their language: we received it, we will answer,
 * and what they wrote, quoted.
 */
export function ContactCopyEmail({ message, shopUrl }: ContactCopyProps) {
  const { t, locale, publicUrl } = useMail();
  return (
    <MailLayout
      preview={t('contactCopy.preview', { subject: message.subject })}
      reason={t('contactCopy.reason', { site: new URL(publicUrl).host })}
    >
      <Heading as="h1" style={text.heading}>
        {t('contactCopy.heading')}
      </Heading>
      <Text style={text.body}>{t('contactCopy.greeting', { name: message.name })}</Text>
      <Text style={text.body}>{t('contactCopy.intro', { receivedAt: formatDateTime(message.receivedAt, locale) })}</Text>
      <LinkAction href={shopUrl} label={t('contactCopy.button')} hint={t('contactCopy.linkHint')} />
      <OrderSectionHeading>{t('contactCopy.messageHeading')}</OrderSectionHeading>
      <QuotedMessage subject={message.subject} text={message.text} />
      <MailNotice>
        <Text style={{ ...text.small, margin: '0' }}>{t('contactCopy.notYou')}</Text>
      </MailNotice>
      <MailSignoff signoff={t('contactCopy.signoff')} signature={t('contactCopy.signature')} />
    </MailLayout>
  );
}

export const contactCopy = defineTemplate<ContactCopyProps>({
  Component: ContactCopyEmail,
  subject: (t, { message }) => t('contactCopy.subject', { subject: message.subject }),
  previewProps: ({ publicUrl }) => ({ message: previewContactMessage(), shopUrl: `${publicUrl}${publicPath('products', 'sl')}` }),
});
