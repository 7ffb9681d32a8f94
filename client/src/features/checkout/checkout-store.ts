/**
 * The checkout's values in sessionStorage (so a reload or a visit to the login page loses nothing), as an
 * external store for `useSyncExternalStore`: the server and the hydration render see no stored values
 * (`null`), the browser then renders what is stored. Without sessionStorage (blocked, private mode) the
 * values live in memory for the page's lifetime.
 */
import { useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEY, writeStored, type StoredCheckout } from './checkout-state';
import { NO_SECRETS, type AccountSecrets } from './checkout-account';
import { STORAGE_ENTRIES } from '../../../../contract/cookies';

const listeners = new Set<() => void>();
let memory: string | null = null;
let cache: { text: string | null; state: StoredCheckout } | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function readText(): string | null {
  try {
    return storage()?.getItem(STORAGE_KEY) ?? memory;
  } catch {
    return memory;
  }
}

function snapshot(): StoredCheckout {
  const text = readText();
  if (!cache || cache.text !== text) cache = { text, state: readStored(text) };
  return cache.state;
}

/** What is stored now (read when changing it, so two changes in one render both count). */
export const currentCheckout = (): StoredCheckout => snapshot();

const serverSnapshot = (): StoredCheckout | null => null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify() {
  for (const listener of listeners) listener();
}

export function saveCheckout(state: StoredCheckout): void {
  memory = writeStored(state);
  try {
    storage()?.setItem(STORAGE_KEY, memory);
  } catch {
    // full or blocked: the in-memory copy serves
  }
  notify();
}

/** After a placed order: the next checkout starts empty. */
export function clearCheckout(): void {
  memory = null;
  secrets = NO_SECRETS;
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // blocked: nothing stored
  }
  notify();
}

/** The stored checkout; null during SSR and hydration. */
export function useStoredCheckout(): StoredCheckout | null {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

// ---------------------------------------------------------------------------------------------------
// The password of a guest's 'create an account': in this page's memory only (never sessionStorage), so a
// client-side move between the steps keeps it and a reload forgets it (the shopper types it again).

let secrets: AccountSecrets = NO_SECRETS;
const secretListeners = new Set<() => void>();

export function setAccountSecrets(next: AccountSecrets): void {
  secrets = next;
  for (const listener of secretListeners) listener();
}

export const currentAccountSecrets = (): AccountSecrets => secrets;

export function useAccountSecrets(): AccountSecrets {
  return useSyncExternalStore(
    (listener) => {
      secretListeners.add(listener);
      return () => secretListeners.delete(listener);
    },
    () => secrets,
    () => NO_SECRETS,
  );
}

/** What became of the account a guest asked for, for the success page ('created' or 'failed'). */
const ACCOUNT_RESULT_KEY = STORAGE_ENTRIES.checkout_account.name;

export function saveAccountResult(result: 'created' | 'failed'): void {
  try {
    storage()?.setItem(ACCOUNT_RESULT_KEY, result);
  } catch {
    // blocked: the success page says nothing about the account
  }
}

function readAccountResult(): 'created' | 'failed' | null {
  try {
    const value = storage()?.getItem(ACCOUNT_RESULT_KEY) ?? null;
    return value === 'created' || value === 'failed' ? value : null;
  } catch {
    return null;
  }
}

/** A new order forgets the previous one's account result. */
export function clearAccountResult(): void {
  try {
    storage()?.removeItem(ACCOUNT_RESULT_KEY);
  } catch {
    // blocked: nothing stored
  }
}

/** The stored account result (null during SSR and hydration; the success page shows it in the browser). */
export function useAccountResult(): 'created' | 'failed' | null {
  return useSyncExternalStore(subscribe, readAccountResult, () => null);
}
