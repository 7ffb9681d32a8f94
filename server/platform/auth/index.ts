// Authentication, knowing no module: who is calling (currentUser), the guards, and the port the
// module keeping the sessions implements (CALLER_VERIFIER). docs/architecture.md, "Requests".
// The operators' policy (operator-policy.ts): which role may use which back-office capability.
export { type AuthUser, currentUser, currentUserId } from './caller.js';
export { CALLER_VERIFIER, type CallerVerifier } from './caller-verifier.js';
export { IdentifyCaller } from './identify-caller.guard.js';
export { CallerStrategy } from './caller-strategy.js';
export { RequireAuth, Roles } from './require-auth.guard.js';
export { RequireOperator } from './require-operator.guard.js';
export {
  AUDIT_TYPES_FOR_STAFF,
  type CapabilityByParam,
  mayUse,
  OPERATOR_ROUTES,
  requestCapability,
  routeCapability,
} from './operator-policy.js';
/** @public The policy itself and its capability names, for the back office's modules and screens' server side. */
export { OPERATOR_POLICY, type OperatorCapability } from './operator-policy.js';
export { AuthError } from './auth.errors.js';
