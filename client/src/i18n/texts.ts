/**
 * Each language's texts as a chunk of its own (`import()` of its JSON): the browser loads only the
 * languages it shows. The entry starts the page language's chunk together with boot.tsx, and
 * i18n/browser.ts reads it (the same module, loaded once) and any other language a navigation reaches.
 */
import type { Locale } from '../../../contract/locales';

export type Messages = Record<string, unknown>;

export const loadTexts: Record<Locale, () => Promise<{ default: Messages }>> = {
  hr: () => import('./locales/hr.json'),
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
  sl: () => import('./locales/sl.json'),
};
