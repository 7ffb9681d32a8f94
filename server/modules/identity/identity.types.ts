/**
 * The identity module's API contract: the zod schemas of contract/api/identity.ts (JSON names
 * snake_case, answers `{ data }`, failures `{ errors: [{ code, message, field? }] }` with localized
 * messages), and their types.
 */
export type {
  AcceptedView,
  ProfileUpdateResult,
  SessionView,
  SignInProviders,
  TokenPair,
  UserRole,
  UserView,
} from '../../../contract/api/identity.js';
