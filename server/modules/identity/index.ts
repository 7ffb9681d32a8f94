// The identity module's public face: other modules import only from here (ESLint enforces it).
export { IdentityModule } from './identity.module.js';
export { SessionRenewal } from './session-renewal.js';
export { ProfileService } from './profile.service.js';
/** The back office's customers: search, block, erase, business invitations (docs/admin.md 'Customers'). */
export { CustomerDirectory } from './customer-directory.js';
export type { User as UserAccount } from './user.entity.js';
export { IdentityService } from './identity.service.js';
export { toInvitation } from './dto/identity.dto.js';
export { SignInHandovers, type SignInHandover } from './sign-in-handover.js';
export { BirthdayBenefitsJob } from './jobs/birthday-benefits.job.js';
export { BirthdayBenefits, zagrebDate } from './birthday-benefits.js';
export type * from './identity.types.js';
