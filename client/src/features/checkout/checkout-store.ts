/**
 * The checkout's values in sessionStorage (so a reload or a visit to the login page loses nothing), as an
 * external store for `useSyncExternalStore`: the server and the hydration render see no stored values
 * (`null`), the browser then renders what is stored. Without sessionStorage (blocked, private mode) the
 * values live in memory for the page's lifetime.
 */
import { useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEY, writeStored, type StoredCheckout } from './checkout-state';

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
