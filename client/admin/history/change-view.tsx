/**
 * Audit entries as an operator reads them (docs/admin.md 'Coupon and history screens'): when (Zagreb
 * time), who (label and role), what (action and entity), and each changed field's value before -> after
 * in words (money in euros, moments in Zagreb time, yes/no), never raw JSON. Pure: the audit log screen
 * and the History panel render it, and the unit tests render it as the browser does.
 */
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { AdminAuditEntry } from '../../../contract/api/admin-audit';
import { LOCALE_TAGS } from '../../../contract/locales';
import { formatEuro } from '../../../contract/money';
import type { AdminLanguage } from '../i18n';
import { zagrebDateTime } from './zagreb';

/** Fields whose numbers are euro cents. */
const MONEY_FIELDS = new Set([
  'amount',
  'minimum_order',
  'price_cents',
  'refund_amount',
  'refunded_amount',
  'refund_vat',
  'lowest_30d_cents',
  'struck_price_cents',
]);
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A text of the back office's, or null when it has none under `key`. */
function known(t: TFunction, key: string): string | null {
  const text = t(key);
  return text === key ? null : text;
}

/** One field's value in words. */
export function valueText(field: string, value: unknown, language: AdminLanguage, t: TFunction): string {
  if (value === null || value === undefined || value === '') return t('history.empty');
  if (typeof value === 'boolean') return value ? t('history.yes') : t('history.no');
  if (typeof value === 'number') return MONEY_FIELDS.has(field) ? formatEuro(value, language) : value.toLocaleString(LOCALE_TAGS[language]);
  if (typeof value === 'string') {
    if (INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return zagrebDateTime(value, LOCALE_TAGS[language]);
    return known(t, `history.values.${value}`) ?? value;
  }
  if (Array.isArray(value)) return value.map((v) => valueText(field, v, language, t)).join(', ');
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${fieldName(k, t)}: ${valueText(k, v, language, t)}`)
    .join('; ');
}

/** A field's name in the back office's language (its own name, readable, when the texts have none). */
export function fieldName(field: string, t: TFunction): string {
  return known(t, `history.fields.${field}`) ?? field.replace(/_/g, ' ');
}

export interface Change {
  field: string;
  before: string;
  after: string;
}

/** The fields an entry changed (or set, or cleared), before and after in words; unchanged fields left out. */
export function changesOf(entry: Pick<AdminAuditEntry, 'before' | 'after'>, language: AdminLanguage, t: TFunction): Change[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null))
    .map((f) => ({
      field: fieldName(f, t),
      before: f in before ? valueText(f, before[f], language, t) : t('history.empty'),
      after: f in after ? valueText(f, after[f], language, t) : t('history.empty'),
    }));
}

/** An action's name in words ('coupon.create' -> 'Coupon created'), else the action itself. */
export function actionName(action: string, t: TFunction): string {
  return known(t, `history.actions.${action.replace(/\./g, '_')}`) ?? action;
}

function roleName(role: string, t: TFunction): string {
  return role === 'admin' || role === 'staff' ? t(`frame.roles.${role}`) : role;
}

export interface EntriesViewProps {
  entries: readonly AdminAuditEntry[];
  language: AdminLanguage;
  t: TFunction;
  /** Whether each entry names what it is about (the log: yes; one entity's History: no). */
  showEntity: boolean;
  /** The heading level of each entry (under the screen's or the panel's heading). */
  level: 2 | 3;
  /** A link to the screen of an entry's entity, where the app has one (else its name alone). */
  entityLink?: (entry: AdminAuditEntry, name: string) => ReactNode;
}

/** How an entry names its entity: its code when the entry records one (a coupon's), else its id. */
export function entityName(entry: Pick<AdminAuditEntry, 'entity_id' | 'before' | 'after'>): string {
  const code = entry.after?.code ?? entry.before?.code;
  return typeof code === 'string' && code ? code : entry.entity_id;
}

/** The entries as a list of cards; each change a row of a small table (field, before, after). */
export function EntriesView({ entries, language, t, showEntity, level, entityLink }: EntriesViewProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  if (entries.length === 0) return <p>{t('history.none')}</p>;
  return (
    <ol className="entries">
      {entries.map((entry) => {
        const changes = changesOf(entry, language, t);
        return (
          <li key={entry.id} className="card entry">
            <Heading className="entry-title">
              {actionName(entry.action, t)}
              {showEntity ? (
                <span className="entry-entity">
                  {' · '}
                  {known(t, `history.entities.${entry.entity_type}`) ?? entry.entity_type}{' '}
                  <span className="mono">{entityLink ? entityLink(entry, entityName(entry)) : entityName(entry)}</span>
                </span>
              ) : null}
            </Heading>
            <p className="entry-meta">
              <time dateTime={entry.at}>{zagrebDateTime(entry.at, LOCALE_TAGS[language])}</time>
              {' · '}
              {entry.actor_label} ({roleName(entry.actor_role, t)})
            </p>
            {changes.length > 0 ? (
              <table className="changes">
                <caption className="visually-hidden">{t('history.changesCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('history.field')}</th>
                    <th scope="col">{t('history.before')}</th>
                    <th scope="col">{t('history.after')}</th>
                  </tr>
                </thead>
                <tbody>
                  {changes.map((c) => (
                    <tr key={c.field}>
                      <th scope="row">{c.field}</th>
                      <td data-label={t('history.before')}>
                        <del>{c.before}</del>
                      </td>
                      <td data-label={t('history.after')}>
                        <ins>{c.after}</ins>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="hint">{t('history.noFieldChanges')}</p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
