// The identity module's public face: other modules import only from here (ESLint enforces it).
export { IdentityModule } from './identity.module.js';
export { IdentityService } from './identity.service.js';
export { SessionService } from './session.service.js';
export { SessionRenewal } from './session-renewal.js';
export { ProfileService } from './profile.service.js';
export { SignInHandovers, type SignInHandover } from './sign-in-handover.js';
export { ACCESS_COOKIE, REFRESH_COOKIE, EXPIRES_COOKIE } from './auth-cookies.js';
export { BirthdayBenefitsJob } from './jobs/birthday-benefits.job.js';
export { BirthdayBenefits, zagrebDate } from './birthday-benefits.js';
export {
  UserRegistered,
  UserActivated,
  ActivationMailRequested,
  RegistrationOfKnownEmailAttempted,
  MagicLinkRequested,
  PasswordResetRequested,
  PasswordChanged,
  BusinessBuyerInvited,
  BirthdayDue,
  EmailChangeRequested,
} from './events/identity.events.js';
export { IdentityError, type IdentityErrorCode } from './identity.errors.js';
export { isValidOib, validateVatNumber } from './tax-id.js';
export type * from './identity.types.js';
