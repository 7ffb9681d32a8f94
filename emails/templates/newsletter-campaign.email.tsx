import { Heading, Img, Text } from '@react-email/components';
import type { CampaignBlock } from '../../contract/api/admin-newsletter.js';
import { MailButton } from '../components/mail-button.js';
import { MailNotice } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { text } from '../components/mail-theme.js';
import { defineTemplate } from '../mail-template.js';

export interface NewsletterCampaignProps {
  /** The version's subject, as the operator wrote it. */
  subject: string;
  /** The line shown after the subject in the inbox (may be empty). */
  preheader?: string;
  /** The body, block by block (contract/api/admin-newsletter.ts CampaignBlock). */
  blocks: CampaignBlock[];
  /** Absolute link to this subscriber's unsubscribe page (the List-Unsubscribe header carries the one-click URL). */
  unsubscribeUrl: string;
  /** A test to the operator's own address: '[TEST]' before the subject and a notice on top. */
  test?: boolean;
}

/** A path on the shop made absolute; an absolute URL stays as it is. */
function absolute(target: string, publicUrl: string): string {
  return target.startsWith('/') ? `${publicUrl}${target}` : target;
}

/**
 * A newsletter campaign (docs/admin.md 'Newsletter'): the operator's blocks in the mail kit's layout,
 * the footer with the reason and this subscriber's unsubscribe link.
 */
export function NewsletterCampaignEmail({ preheader, blocks, unsubscribeUrl, test }: NewsletterCampaignProps) {
  const { t, publicUrl } = useMail();
  return (
    <MailLayout
      preview={preheader ?? ''}
      reason={t('newsletterCampaign.reason', { site: new URL(publicUrl).host })}
      unsubscribeUrl={unsubscribeUrl}
    >
      {test ? (
        <MailNotice spaced>
          <Text style={{ ...text.body, margin: '0' }}>{t('newsletterCampaign.testNotice')}</Text>
        </MailNotice>
      ) : null}
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'heading':
            return (
              <Heading
                key={i}
                as={i === 0 ? 'h1' : 'h2'}
                style={i === 0 ? text.heading : { ...text.heading, fontSize: '21px', lineHeight: '28px' }}
              >
                {block.text}
              </Heading>
            );
          case 'paragraph':
            return (
              <Text key={i} style={{ ...text.body, whiteSpace: 'pre-line' }}>
                {block.text}
              </Text>
            );
          case 'image':
            return (
              <Img
                key={i}
                src={absolute(block.src, publicUrl)}
                alt={block.alt}
                width="536"
                style={{ display: 'block', width: '100%', maxWidth: '536px', height: 'auto', borderRadius: '6px', margin: '0 0 20px' }}
              />
            );
          case 'button':
            return (
              <MailButton key={i} href={absolute(block.url, publicUrl)}>
                {block.label}
              </MailButton>
            );
        }
      })}
    </MailLayout>
  );
}

export const newsletterCampaign = defineTemplate<NewsletterCampaignProps>({
  Component: NewsletterCampaignEmail,
  subject: (t, { subject, test }) => (test ? `${t('newsletterCampaign.testPrefix')} ${subject}` : subject),
  previewProps: ({ publicUrl }) => ({
    subject: 'Jesenski recepti iz naše kuhinje',
    preheader: 'Tri jela s domaćom tjesteninom za hladne dane',
    blocks: [
      { type: 'heading', text: 'Jesen je stigla' },
      { type: 'paragraph', text: 'Za hladne dane pripremili smo tri recepta s našim fužima i pljukancima.' },
      { type: 'button', label: 'Pogledajte recepte', url: '/recepti' },
    ],
    unsubscribeUrl: `${publicUrl}/newsletter/odjava?token=preview-5c2a9d7e1b0f3a48`,
  }),
});
