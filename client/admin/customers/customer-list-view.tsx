/**
 * The customers list (docs/admin.md 'Customers'): ready-made views in the family's words, a search by
 * name, e-mail, company or OIB, pages; a table on a desktop, cards under 768 px (the same rows,
 * styled). The 'invited' view shows the pending business invitations instead. Pure.
 */
import { Pager } from '../kit/pager';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { AdminCustomerList, AdminCustomerRow, AdminInvitation } from '../../../contract/api/admin-customers';
import { LOCALE_TAGS } from '../../../contract/locales';
import { zagrebDate } from '../history/zagreb';
import type { AdminLanguage } from '../i18n';
import { LIST_VIEWS, type CustomerSearch } from './customer-search';
import { displayName, stateTags } from './customer-words';

export interface CustomerListViewProps {
  search: CustomerSearch;
  language: AdminLanguage;
  t: TFunction;
  /** A link to the list with other search params (the router's Link in the app). */
  listLink: (search: CustomerSearch, children: ReactNode, current?: boolean) => ReactNode;
  /** The search form was sent. */
  onSearch: (q: string) => void;
  /** What the view shows below the search: the accounts or the invitations. */
  children: ReactNode;
}

/** The screen's frame: title, views, search. */
export function CustomerListView({ search, t, listLink, onSearch, children }: CustomerListViewProps) {
  return (
    <>
      <div className="screen-head">
        <h1>{t('customers.title')}</h1>
      </div>
      <nav aria-label={t('customers.views.label')} className="views">
        <ul>
          <li>{listLink({ q: search.q }, t('customers.views.all'), !search.view)}</li>
          {LIST_VIEWS.map((v) => (
            <li key={v}>{listLink({ q: search.q, view: v }, t(`customers.views.${v}`), search.view === v)}</li>
          ))}
        </ul>
      </nav>
      {search.view === 'invited' ? null : (
        <form
          className="filters"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            onSearch(String(new FormData(e.currentTarget).get('q') ?? ''));
          }}
        >
          <label>
            <span>{t('customers.search')}</span>
            <input name="q" type="search" defaultValue={search.q ?? ''} maxLength={100} autoComplete="off" />
          </label>
          <button type="submit">{t('customers.show')}</button>
        </form>
      )}
      {children}
    </>
  );
}

export interface CustomerRowsProps {
  data: AdminCustomerList;
  search: CustomerSearch;
  language: AdminLanguage;
  t: TFunction;
  listLink: CustomerListViewProps['listLink'];
  /** A link to one customer, its text given. */
  customerLink: (row: AdminCustomerRow, text: string) => ReactNode;
}

/** The accounts of a view: count, table (cards on a phone), pages. */
export function CustomerRows({ data, search, language, t, listLink, customerLink }: CustomerRowsProps) {
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  const tag = LOCALE_TAGS[language];
  return (
    <>
      <p role="status" className="hint">
        {t('customers.count', { count: data.total })}
      </p>
      {data.customers.length === 0 ? (
        <p>{t('customers.none')}</p>
      ) : (
        <table className="list customers">
          <caption className="visually-hidden">{t('customers.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('customers.columns.name')}</th>
              <th scope="col">{t('customers.columns.email')}</th>
              <th scope="col">{t('customers.columns.company')}</th>
              <th scope="col">{t('customers.columns.state')}</th>
              <th scope="col">{t('customers.columns.since')}</th>
              <th scope="col">{t('customers.columns.lastSignIn')}</th>
            </tr>
          </thead>
          <tbody>
            {data.customers.map((c) => (
              <tr key={c.id}>
                <th scope="row">{customerLink(c, displayName(c, t))}</th>
                <td data-label={t('customers.columns.email')}>
                  <span className="mono">{c.erased ? '—' : c.email}</span>
                </td>
                <td data-label={t('customers.columns.company')}>
                  {c.company_name ?? '—'}
                  {c.vat_number ? <span className="hint"> {t('customers.oibShort', { oib: c.vat_number })}</span> : null}
                </td>
                <td data-label={t('customers.columns.state')}>
                  {stateTags(c, t).map((s) => (
                    <span key={s.key} className={`state state-${s.key}`}>
                      {s.text}
                    </span>
                  ))}
                  {c.newsletter ? <span className="state state-newsletter">{t('customers.states.newsletter')}</span> : null}
                  {!c.newsletter && stateTags(c, t).length === 0 ? (
                    <span className="state state-active">{t('customers.states.active')}</span>
                  ) : null}
                </td>
                <td data-label={t('customers.columns.since')}>{zagrebDate(c.created_at, tag)}</td>
                <td data-label={t('customers.columns.lastSignIn')}>
                  {c.last_sign_in_at ? zagrebDate(c.last_sign_in_at, tag) : t('customers.never')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={data.page} pages={pages} t={t} link={(p, label) => listLink({ ...search, page: p }, label)} />
    </>
  );
}

/** The invite form's typed values. */
export interface InviteValues {
  email: string;
  company_name: string;
  vat_number: string;
  locale: 'hr' | 'en' | 'de' | 'sl';
}
export type InviteField = 'email' | 'company_name' | 'vat_number';

export interface InvitationsViewProps {
  invitations: AdminInvitation[];
  language: AdminLanguage;
  t: TFunction;
  values: InviteValues;
  errors: Partial<Record<InviteField, string>>;
  /** A refusal not tied to one field, or a notice after an action. */
  problem: string | null;
  notice: string | null;
  busy: boolean;
  onChange: (field: keyof InviteValues, value: string) => void;
  onInvite: () => void;
  onResend: (id: string) => void;
  onRevoke: (id: string) => void;
}

const INVITE_LANGUAGES = ['hr', 'en', 'de', 'sl'] as const;

/** Business invitations: the invite form and the pending invitations with 'send again' and 'withdraw'. */
export function InvitationsView(props: InvitationsViewProps) {
  const { t, values, errors, language } = props;
  const tag = LOCALE_TAGS[language];
  const field = (f: InviteField, type: string, opts: { optional?: boolean; hint?: string; maxLength: number }) => {
    const described =
      [opts.hint ? `invite-${f}-hint` : null, errors[f] ? `invite-${f}-error` : null].filter(Boolean).join(' ') || undefined;
    return (
      <div className={`field${errors[f] ? ' invalid' : ''}`}>
        <label htmlFor={`invite-${f}`}>
          {t(`customers.invite.${f}`)}
          {opts.optional ? <span className="optional"> {t('customers.optional')}</span> : null}
        </label>
        {opts.hint ? (
          <p id={`invite-${f}-hint`} className="hint">
            {opts.hint}
          </p>
        ) : null}
        <input
          id={`invite-${f}`}
          name={f}
          type={type}
          value={values[f]}
          maxLength={opts.maxLength}
          required={!opts.optional}
          autoComplete="off"
          aria-invalid={errors[f] ? true : undefined}
          aria-describedby={described}
          onChange={(e) => props.onChange(f, e.currentTarget.value)}
        />
        {errors[f] ? (
          <p id={`invite-${f}-error`} className="field-error">
            {errors[f]}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <>
      <section className="card invite" aria-labelledby="invite-title">
        <h2 id="invite-title">{t('customers.invite.title')}</h2>
        <p className="hint">{t('customers.invite.intro')}</p>
        {props.notice ? (
          <p role="status" className="notice" id="invite-notice" tabIndex={-1}>
            {props.notice}
          </p>
        ) : null}
        {props.problem ? (
          <p role="alert" className="problem" id="invite-problem" tabIndex={-1}>
            {props.problem}
          </p>
        ) : null}
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            props.onInvite();
          }}
        >
          {field('email', 'email', { maxLength: 254 })}
          {field('company_name', 'text', { maxLength: 200 })}
          {field('vat_number', 'text', { optional: true, hint: t('customers.invite.vatHint'), maxLength: 20 })}
          <div className="field">
            <label htmlFor="invite-locale">{t('customers.invite.locale')}</label>
            <select
              id="invite-locale"
              name="locale"
              value={values.locale}
              onChange={(e) => props.onChange('locale', e.currentTarget.value)}
            >
              {INVITE_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {t(`customers.languages.${l}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" disabled={props.busy}>
            {t('customers.invite.send')}
          </button>
        </form>
      </section>
      <h2>{t('customers.invite.pending')}</h2>
      <p role="status" className="hint">
        {t('customers.invite.count', { count: props.invitations.length })}
      </p>
      {props.invitations.length === 0 ? (
        <p>{t('customers.invite.none')}</p>
      ) : (
        <table className="list invitations">
          <caption className="visually-hidden">{t('customers.invite.pending')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('customers.columns.email')}</th>
              <th scope="col">{t('customers.columns.company')}</th>
              <th scope="col">{t('customers.invite.sent')}</th>
              <th scope="col">{t('customers.invite.expires')}</th>
              <th scope="col">{t('customers.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {props.invitations.map((i) => (
              <tr key={i.id}>
                <th scope="row" className="mono">
                  {i.email}
                </th>
                <td data-label={t('customers.columns.company')}>
                  {i.company_name}
                  {i.vat_number ? <span className="hint"> {t('customers.oibShort', { oib: i.vat_number })}</span> : null}
                </td>
                <td data-label={t('customers.invite.sent')}>{zagrebDate(i.invited_at, tag)}</td>
                <td data-label={t('customers.invite.expires')}>{zagrebDate(i.expires_at, tag)}</td>
                <td data-label={t('customers.columns.actions')} className="actions">
                  <button type="button" className="secondary" disabled={props.busy} onClick={() => props.onResend(i.id)}>
                    {t('customers.invite.resend')}
                    <span className="visually-hidden"> {i.email}</span>
                  </button>{' '}
                  <button type="button" className="secondary" disabled={props.busy} onClick={() => props.onRevoke(i.id)}>
                    {t('customers.invite.revoke')}
                    <span className="visually-hidden"> {i.email}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
