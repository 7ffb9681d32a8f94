import type { ReactElement } from 'react';
import type { TFunction } from 'i18next';

/**
 * One mail: its React component (rendered inside MailContext, so it takes `t` from useMail()),
 * its subject in the recipient's language, and example props for the preview and the tests.
 * Methods (not function-typed properties) on purpose: a registry of templates with different
 * props then type-checks as a Record<string, MailTemplate<object>>.
 */
export interface MailTemplate<P extends object> {
  Component(props: P): ReactElement;
  subject(t: TFunction, props: P): string;
  previewProps(context: { publicUrl: string }): P;
}

export function defineTemplate<P extends object>(template: MailTemplate<P>): MailTemplate<P> {
  return template;
}

export type PropsOf<T> = T extends MailTemplate<infer P> ? P : never;
