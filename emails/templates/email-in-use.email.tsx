import { defineTemplate } from '../mail-template.js';
import { KnownAddressNotice, type AccountExistsProps } from './account-exists.email.js';

/** Of the account that owns this address (the reader), not of whoever asked for the change. */
export type EmailInUseProps = AccountExistsProps;

/**
 * Sent to the owner of an address that another account entered as its new e-mail address. The
 * profile answers the same either way (so it does not reveal who is a customer), and no
 * confirmation link goes out: the owner is only told that nothing changed.
 */
export function EmailInUseEmail(props: EmailInUseProps) {
  return <KnownAddressNotice section="emailInUse" {...props} />;
}

export const emailInUse = defineTemplate<EmailInUseProps>({
  Component: EmailInUseEmail,
  subject: (t) => t('emailInUse.subject'),
  previewProps: ({ publicUrl }) => ({
    firstName: 'Ana',
    loginUrl: `${publicUrl}/prijava`,
    resetUrl: `${publicUrl}/zaboravljena-lozinka`,
  }),
});
