/**
 * The back office's form parts every editing screen shares (docs/admin.md 'The form kit of the back
 * office'): one save bar per page, the keys of a form (Ctrl/Cmd+Enter saves, Enter never sends half a
 * form) and the question before leaving with unsaved changes (the router's blocker and the browser's).
 */
import { useBlocker } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import type { KeyboardEvent } from 'react';

/** One save bar per page: 'N changes', save, discard. Hidden while nothing is changed. */
export function SaveBar({
  count,
  saving,
  onSave,
  onDiscard,
  t,
}: {
  count: number;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  t: TFunction;
}) {
  if (count === 0) return null;
  return (
    <div className="save-bar" role="region" aria-label={t('kit.saveBar')}>
      <p role="status">{t('kit.changes', { count })}</p>
      <button type="button" className="primary" onClick={onSave} disabled={saving} aria-keyshortcuts="Control+Enter Meta+Enter">
        {saving ? t('kit.saving') : t('kit.save')}
      </button>
      <button type="button" onClick={onDiscard} disabled={saving}>
        {t('kit.discard')}
      </button>
    </div>
  );
}

/** Enter in a field never sends a half-filled form; Ctrl/Cmd+Enter saves from anywhere in it. */
export function formKeys(event: KeyboardEvent<HTMLElement>, save: () => void): void {
  if (event.key !== 'Enter') return;
  if (event.ctrlKey || event.metaKey) {
    event.preventDefault();
    save();
    return;
  }
  const target = event.target as HTMLElement;
  if (target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'checkbox') event.preventDefault();
}

/**
 * Leaving a page with unsaved changes is asked about: a link in the app (the router's blocker) and a
 * reload, a closed tab or a typed address (the browser's beforeunload). `skip()` says a navigation is
 * the page's own (after a save, or a discard the person chose) and must not ask.
 */
export function useLeaveGuard(dirty: boolean, t: TFunction, skip: () => boolean = () => false): void {
  useBlocker({
    shouldBlockFn: () => dirty && !skip() && !window.confirm(t('kit.leaveQuestion')),
    enableBeforeUnload: () => dirty && !skip(),
  });
}
