import type { ReactNode, Ref } from 'react';
import type { ScreenId } from '../../../../contract/paths';
import { ScreenLink } from '../screen-link';
import type { FormState } from './use-form';
import styles from './forms.module.css';

/**
 * A message box. 'error' is role="alert", 'success' and 'info' role="status". Focusable (tabIndex -1) so a
 * form can move the focus to it.
 */
export function Notice({
  kind,
  id,
  children,
  ref,
  testId,
}: {
  kind: 'error' | 'success' | 'info';
  id?: string;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
  testId?: string;
}) {
  const className = kind === 'error' ? styles.noticeError : kind === 'success' ? styles.noticeSuccess : styles.noticeInfo;
  return (
    <div id={id} ref={ref} tabIndex={-1} role={kind === 'error' ? 'alert' : 'status'} className={className} data-testid={testId}>
      {children}
    </div>
  );
}

/** The form-level errors of a form (nothing when there are none). */
export function FormErrors({ form }: { form: FormState<string> }) {
  if (form.errors.form.length === 0) return null;
  return (
    <Notice kind="error" id={form.messageId}>
      {form.errors.form.map((m, i) => (
        <p key={i}>{m}</p>
      ))}
    </Notice>
  );
}

/**
 * An error summary above a long form: one sentence (`text`: how many fields need attention) while any field
 * has an error; the focus goes to the first of them, not here.
 */
export function ErrorSummary({ errors, text, testId }: { errors: Partial<Record<string, string>>; text: string; testId?: string }) {
  if (!Object.values(errors).some(Boolean)) return null;
  return (
    <Notice kind="error" testId={testId}>
      <p>{text}</p>
    </Notice>
  );
}

/**
 * The submit button. While a call is running it says so and is aria-disabled (not disabled: a disabled
 * button would drop the keyboard focus); the form's handler ignores submits while busy.
 */
export function SubmitButton({
  busy,
  children,
  busyLabel,
  secondary,
}: {
  busy: boolean;
  children: ReactNode;
  busyLabel: string;
  secondary?: boolean;
}) {
  return (
    <button type="submit" className={secondary ? styles.secondaryButton : styles.primaryButton} aria-disabled={busy || undefined}>
      {busy ? busyLabel : children}
    </button>
  );
}

/**
 * A form's last row: the submit button (`label`, `busyLabel` while busy) and, beside it, a link to another
 * screen (`link`: the way back, 'Forgot password?') or other links (`children`).
 */
export function SubmitRow({
  busy = false,
  busyLabel = '',
  label,
  secondary,
  link,
  children,
}: {
  busy?: boolean;
  busyLabel?: string;
  label: string;
  secondary?: boolean;
  link?: { screen: ScreenId; label: string };
  children?: ReactNode;
}) {
  return (
    <div className={styles.actions}>
      <SubmitButton busy={busy} busyLabel={busyLabel} secondary={secondary}>
        {label}
      </SubmitButton>
      {link ? (
        <ScreenLink screen={link.screen} className={styles.inlineLink}>
          {link.label}
        </ScreenLink>
      ) : null}
      {children}
    </div>
  );
}
