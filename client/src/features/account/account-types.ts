/**
 * The identity and order API contracts as the account screens consume them: the server's own contract types,
 * imported as types only (nothing of the server reaches the bundle). JSON names are snake_case.
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
  UserRole,
  UserView,
} from '../../../../server/modules/identity/identity.types';
export type { OrderStatus, OrderSummaryView } from '../../../../server/modules/order/order.types';
