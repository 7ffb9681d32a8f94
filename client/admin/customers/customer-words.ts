/**
 * Pure helpers of the customer screens (docs/admin.md 'Customers'): names, states and the checks of
 * the action forms, in the family's words.
 */
import type { TFunction } from 'i18next';
import { CUSTOMER_REASON_MAX, type AdminCustomerRow } from '../../../contract/api/admin-customers';

/** 'Ivana Kovačić', or the e-mail address when the account has no name. */
export function displayName(c: Pick<AdminCustomerRow, 'first_name' | 'last_name' | 'email' | 'erased'>, t: TFunction): string {
  if (c.erased) return t('customers.erasedName');
  const name = `${c.first_name} ${c.last_name}`.trim();
  return name || c.email;
}

/** The state marks of an account: erased, blocked, not activated, business buyer, operator. */
export function stateTags(
  c: Pick<AdminCustomerRow, 'erased' | 'blocked' | 'status' | 'role'>,
  t: TFunction,
): Array<{ key: string; text: string }> {
  const tags: Array<{ key: string; text: string }> = [];
  if (c.erased) tags.push({ key: 'erased', text: t('customers.states.erased') });
  else if (c.blocked) tags.push({ key: 'blocked', text: t('customers.states.blocked') });
  else if (c.status === 'pending') tags.push({ key: 'pending', text: t('customers.states.pending') });
  if (c.role !== 'customer') tags.push({ key: c.role, text: t(`customers.roles.${c.role}`) });
  return tags;
}

/** The reason typed for a block or an unblock: the message key of its problem, or null when it may go. */
export function reasonProblem(reason: string): 'reasonRequired' | 'reasonTooLong' | null {
  const r = reason.trim();
  if (r.length < 3) return 'reasonRequired';
  if (r.length > CUSTOMER_REASON_MAX) return 'reasonTooLong';
  return null;
}

/** Whether the typed confirmation of an erasure is the account's e-mail (compared as the API compares it). */
export function confirmsErasure(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.toLowerCase();
}
