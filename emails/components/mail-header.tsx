import { Section, Text } from '@react-email/components';
import { useMail } from './mail-context.js';
import { colors, fonts } from './mail-theme.js';

/**
 * The brand mark as live text, not an image: inline SVG is stripped by Gmail and ignored by
 * Outlook, and there is no hosted PNG logo yet. Text survives blocked images, dark mode, screen
 * readers and the plain-text part alike. The gold bar is a table cell, which every client draws.
 */
export function MailHeader({ brand }: { brand: string }) {
  const { t } = useMail();
  return (
    <Section style={{ padding: '32px 24px 24px', textAlign: 'center' }}>
      <Text style={wordmark}>{brand}</Text>
      <table
        role="presentation"
        align="center"
        cellPadding={0}
        cellSpacing={0}
        style={{ margin: '10px auto 10px' }}
        data-skip-in-text="true"
      >
        <tbody>
          <tr>
            <td style={{ width: '44px', height: '3px', backgroundColor: colors.gold, fontSize: '0', lineHeight: '0' }}>&nbsp;</td>
          </tr>
        </tbody>
      </table>
      <Text style={tagline}>{t('layout.tagline')}</Text>
    </Section>
  );
}

const wordmark = {
  fontFamily: fonts.serif,
  fontSize: '30px',
  lineHeight: '36px',
  fontWeight: 600,
  letterSpacing: '1px',
  color: colors.ink,
  margin: '0',
};

const tagline = {
  fontFamily: fonts.sans,
  fontSize: '12px',
  lineHeight: '18px',
  letterSpacing: '2px',
  textTransform: 'uppercase' as const,
  color: colors.muted,
  margin: '0',
};
