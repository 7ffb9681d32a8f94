/**
 * The identity and order API contracts as the account screens consume them: the types of the
 * contract/api schemas, imported as types only (zod stays out of this import). JSON names are snake_case.
 */
export type {
  AcceptedView,
  InvitationAcceptance,
  ProfileUpdate,
  ProfileUpdateResult,
  RegistrationRequest,
  SessionView,
  SignInProviders,
  TokenPair,
  UserView,
} from '../../../../contract/api/identity';
export type { OrderSummaryView } from '../../../../contract/api/order';
