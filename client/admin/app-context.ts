import { createContext, useContext } from 'react';
import type { Api } from '../src/api/http';
import type { AdminLanguage } from './i18n';

/** What every screen of the back office reaches: the API client and the person's language. */
export interface AdminContext {
  api: Api;
  language: AdminLanguage;
  /** The person's choice: shown at once and remembered for them. */
  setLanguage: (language: AdminLanguage) => void;
  /** The signed-in person is known: their own remembered language applies. */
  setPerson: (id: string) => void;
}

export const AdminAppContext = createContext<AdminContext | null>(null);

export function useAdmin(): AdminContext {
  const context = useContext(AdminAppContext);
  if (!context) throw new Error('useAdmin outside the back office app');
  return context;
}
