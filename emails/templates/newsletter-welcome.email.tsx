import { Heading, Text } from '@react-email/components';
import { LinkAction, MailSignoff } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { text } from '../components/mail-theme.js';
import { defineTemplate } from '../mail-template.js';

export interface NewsletterWelcomeProps {
  /** Absolute link to the recipes in the reader's language. */
  recipesUrl: string;
  /** Absolute link to the unsubscribe page (also sent as the List-Unsubscribe header's target). */
  unsubscribeUrl: string;
}

/** Sent once the subscription is confirmed: "you are subscribed", with the way out in every mail. */
export function NewsletterWelcomeEmail({ recipesUrl, unsubscribeUrl }: NewsletterWelcomeProps) {
  const { t, publicUrl } = useMail();
  return (
    <MailLayout
      preview={t('newsletterWelcome.preview')}
      reason={t('newsletterWelcome.reason', { site: new URL(publicUrl).host })}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Heading as="h1" style={text.heading}>
        {t('newsletterWelcome.heading')}
      </Heading>
      <Text style={text.body}>{t('newsletterWelcome.greeting')}</Text>
      <Text style={text.body}>{t('newsletterWelcome.intro')}</Text>
      <LinkAction href={recipesUrl} label={t('newsletterWelcome.button')} hint={t('newsletterWelcome.linkHint')} />
      <Text style={text.body}>{t('newsletterWelcome.leave')}</Text>
      <MailSignoff signoff={t('newsletterWelcome.signoff')} signature={t('newsletterWelcome.signature')} />
    </MailLayout>
  );
}

export const newsletterWelcome = defineTemplate<NewsletterWelcomeProps>({
  Component: NewsletterWelcomeEmail,
  subject: (t) => t('newsletterWelcome.subject'),
  previewProps: ({ publicUrl }) => ({
    recipesUrl: `${publicUrl}/recepti`,
    unsubscribeUrl: `${publicUrl}/newsletter/odjava?token=preview-5c2a9d7e1b0f3a48`,
  }),
});
