/** Which existing account a Google sign-in may enter (docs/identity.md, 'Which account Google signs into'). */
/** What signInWithGoogle takes from the verified ID token. */
export interface GoogleIdentity {
  sub: string;
  /** Lower-cased, verified by Google. */
  email: string;
  givenName?: string;
  familyName?: string;
  /** The ID token's `hd` claim (Google Workspace). */
  hostedDomain?: string;
}

/** `@gmail.com` and `@googlemail.com`, any case: Google owns these mailboxes. */
export function isGmailAddress(email: string): boolean {
  return /@(gmail|googlemail)\.com$/i.test(email.trim());
}

/**
 * Google's e-mail claim is authoritative only for Gmail addresses and Workspace accounts (`hd`); for
 * any other address a Google account may carry an address it does not control.
 */
export function googleIsAuthoritative(claims: Pick<GoogleIdentity, 'email' | 'hostedDomain'>): boolean {
  return isGmailAddress(claims.email) || !!claims.hostedDomain;
}
