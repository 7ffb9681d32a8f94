/**
 * One customer (docs/admin.md 'Customers'): contact, addresses, business data, consents (terms,
 * newsletter with its record), orders, and the actions: block or unblock with a reason, the data
 * export, the erasure with its typed confirmation (or why it is not possible now). Pure: the page
 * (customer-page.tsx) holds the state and the calls.
 */
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { AdminCustomerDetail } from '../../../contract/api/admin-customers';
import { LOCALE_TAGS } from '../../../contract/locales';
import { formatEuro } from '../../../contract/money';
import { zagrebDate, zagrebDateTime } from '../history/zagreb';
import type { AdminLanguage } from '../i18n';
import { displayName, stateTags } from './customer-words';

export interface CustomerViewProps {
  customer: AdminCustomerDetail;
  language: AdminLanguage;
  t: TFunction;
  backLink: ReactNode;
  /** The typed reason of a block or unblock and its problem (under the field). */
  reason: string;
  reasonError: string | null;
  /** The typed e-mail that confirms an erasure and its problem. */
  confirmEmail: string;
  confirmError: string | null;
  /** A success notice, or a refusal not tied to a field. */
  notice: string | null;
  problem: string | null;
  busy: boolean;
  onReason: (value: string) => void;
  onConfirmEmail: (value: string) => void;
  onBlock: () => void;
  onUnblock: () => void;
  onErase: () => void;
  /** The History panel (the app's HistoryPanel; nothing in unit tests). */
  history?: ReactNode;
}

function Address({ a, t }: { a: AdminCustomerDetail['delivery_address']; t: TFunction }) {
  if (!a.street && !a.city) return <>{t('customers.profile.none')}</>;
  return (
    <>
      {a.street}
      {a.street ? <br /> : null}
      {[a.postal_code, a.city].filter(Boolean).join(' ')}
      {a.country ? `, ${a.country}` : ''}
    </>
  );
}

export function CustomerView(props: CustomerViewProps) {
  const { customer: c, t, language } = props;
  const tag = LOCALE_TAGS[language];
  const when = (v: string | null) => (v ? zagrebDateTime(v, tag) : t('customers.never'));
  const name = displayName(c, t);
  const n = c.consents.newsletter;
  const reasonDescribed = ['customer-reason-hint', props.reasonError ? 'customer-reason-error' : null].filter(Boolean).join(' ');
  const confirmDescribed = ['customer-confirm-hint', props.confirmError ? 'customer-confirm-error' : null].filter(Boolean).join(' ');
  return (
    <>
      <p className="back">{props.backLink}</p>
      <div className="screen-head">
        <h1>{name}</h1>
        <p>
          {stateTags(c, t).map((s) => (
            <span key={s.key} className={`state state-${s.key}`}>
              {s.text}
            </span>
          ))}
        </p>
      </div>
      {props.notice ? (
        <p role="status" className="notice" id="customer-notice" tabIndex={-1}>
          {props.notice}
        </p>
      ) : null}
      {props.problem ? (
        <p role="alert" className="problem" id="customer-problem" tabIndex={-1}>
          {props.problem}
        </p>
      ) : null}
      {c.blocked ? (
        <p className="problem" id="customer-blocked">
          {t('customers.profile.blockedSince', { when: when(c.blocked_at), reason: c.blocked_reason ?? '' })}
        </p>
      ) : null}
      {c.erased ? <p className="hint">{t('customers.profile.erasedOn', { when: when(c.erased_at) })}</p> : null}

      <section className="card" aria-labelledby="customer-contact">
        <h2 id="customer-contact">{t('customers.profile.contact')}</h2>
        <dl className="facts">
          <dt>{t('customers.columns.email')}</dt>
          <dd className="mono">{c.email}</dd>
          <dt>{t('customers.profile.phone')}</dt>
          <dd>{c.phone ?? t('customers.profile.none')}</dd>
          <dt>{t('customers.profile.delivery')}</dt>
          <dd>
            <Address a={c.delivery_address} t={t} />
          </dd>
          <dt>{t('customers.profile.billing')}</dt>
          <dd>{c.billing_same_as_delivery ? t('customers.profile.sameAsDelivery') : <Address a={c.billing_address} t={t} />}</dd>
          <dt>{t('customers.profile.language')}</dt>
          <dd>{t(`customers.languages.${c.language}`, { defaultValue: c.language })}</dd>
          <dt>{t('customers.profile.role')}</dt>
          <dd>{t(`customers.roles.${c.role}`)}</dd>
          <dt>{t('customers.columns.since')}</dt>
          <dd>{when(c.created_at)}</dd>
          <dt>{t('customers.columns.lastSignIn')}</dt>
          <dd>{when(c.last_sign_in_at)}</dd>
          <dt>{t('customers.profile.google')}</dt>
          <dd>{c.google_linked ? t('customers.yes') : t('customers.no')}</dd>
        </dl>
      </section>

      {c.company_name || c.vat_number || c.role === 'business' ? (
        <section className="card" aria-labelledby="customer-business">
          <h2 id="customer-business">{t('customers.profile.business')}</h2>
          <dl className="facts">
            <dt>{t('customers.columns.company')}</dt>
            <dd>{c.company_name ?? t('customers.profile.none')}</dd>
            <dt>{t('customers.profile.oib')}</dt>
            <dd className="mono">{c.vat_number ?? t('customers.profile.none')}</dd>
            <dt>{t('customers.profile.companyAddress')}</dt>
            <dd>{c.company_address ?? t('customers.profile.none')}</dd>
          </dl>
        </section>
      ) : null}

      <section className="card" aria-labelledby="customer-consents">
        <h2 id="customer-consents">{t('customers.profile.consents')}</h2>
        <dl className="facts">
          <dt>{t('customers.profile.terms')}</dt>
          <dd>
            {c.consents.terms_version
              ? t('customers.profile.termsAccepted', { version: c.consents.terms_version, when: when(c.consents.terms_accepted_at) })
              : t('customers.profile.none')}
          </dd>
          <dt>{t('customers.profile.newsletterSwitch')}</dt>
          <dd>
            {c.consents.newsletter_consent_at
              ? t('customers.profile.consentGiven', {
                  when: when(c.consents.newsletter_consent_at),
                  version: c.consents.newsletter_consent_version ?? '',
                })
              : t('customers.profile.noConsent')}
          </dd>
          <dt>{t('customers.profile.newsletter')}</dt>
          <dd>
            {n ? (
              <>
                {t(`customers.newsletter.${n.suspended_at ? 'suspended' : n.status}`)}
                <br />
                <span className="hint">
                  {t('customers.profile.consentRecord', { when: when(n.consent_at), version: n.consent_version, source: n.source })}
                </span>
                <br />
                <q>{n.consent_text}</q>
                {n.confirmed_at ? (
                  <>
                    <br />
                    <span className="hint">{t('customers.profile.confirmedOn', { when: when(n.confirmed_at) })}</span>
                  </>
                ) : null}
              </>
            ) : (
              t('customers.profile.notSubscribed')
            )}
          </dd>
        </dl>
      </section>

      <section aria-labelledby="customer-orders">
        <h2 id="customer-orders">{t('customers.profile.orders', { count: c.orders_total })}</h2>
        {c.orders.length === 0 ? (
          <p>{t('customers.profile.noOrders')}</p>
        ) : (
          <table className="list">
            <caption className="visually-hidden">{t('customers.profile.orders', { count: c.orders_total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('customers.orders.number')}</th>
                <th scope="col">{t('customers.orders.placed')}</th>
                <th scope="col">{t('customers.orders.total')}</th>
                <th scope="col">{t('customers.orders.payment')}</th>
                <th scope="col">{t('customers.orders.delivery')}</th>
              </tr>
            </thead>
            <tbody>
              {c.orders.map((o) => (
                <tr key={o.number}>
                  <th scope="row" className="mono">
                    <a href={`/admin/orders/${encodeURIComponent(o.number)}`}>{o.number}</a>
                    {o.as_guest ? <span className="tag">{t('customers.orders.asGuest')}</span> : null}
                  </th>
                  <td data-label={t('customers.orders.placed')}>{zagrebDate(o.placed_at, tag)}</td>
                  <td data-label={t('customers.orders.total')}>{formatEuro(o.total, language)}</td>
                  <td data-label={t('customers.orders.payment')}>{t(`customers.payment.${o.payment_status}`)}</td>
                  <td data-label={t('customers.orders.delivery')}>{t(`customers.fulfilment.${o.fulfilment_status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {c.erased ? null : (
        <section className="card" aria-labelledby="customer-actions">
          <h2 id="customer-actions">{t('customers.actions.title')}</h2>

          <h3>{t(c.blocked ? 'customers.actions.unblockTitle' : 'customers.actions.blockTitle')}</h3>
          <p id="customer-reason-hint" className="hint">
            {t(c.blocked ? 'customers.actions.unblockHint' : 'customers.actions.blockHint')}
          </p>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (c.blocked) props.onUnblock();
              else props.onBlock();
            }}
          >
            <div className={`field${props.reasonError ? ' invalid' : ''}`}>
              <label htmlFor="customer-reason">{t('customers.actions.reason')}</label>
              <textarea
                id="customer-reason"
                name="reason"
                rows={2}
                maxLength={500}
                value={props.reason}
                required
                aria-invalid={props.reasonError ? true : undefined}
                aria-describedby={reasonDescribed}
                onChange={(e) => props.onReason(e.currentTarget.value)}
              />
              {props.reasonError ? (
                <p id="customer-reason-error" className="field-error">
                  {props.reasonError}
                </p>
              ) : null}
            </div>
            <button type="submit" disabled={props.busy}>
              {t(c.blocked ? 'customers.actions.unblock' : 'customers.actions.block')}
            </button>
          </form>

          <h3>{t('customers.actions.exportTitle')}</h3>
          <p className="hint">{t('customers.actions.exportHint')}</p>
          <p>
            <a className="button-link" href={`/api/admin/customers/${c.id}/export`} download={`customer-${c.id}.json`}>
              {t('customers.actions.export')}
            </a>
          </p>

          <h3>{t('customers.actions.eraseTitle')}</h3>
          <p className="hint">{t('customers.actions.eraseHint')}</p>
          {c.erase_refusal ? (
            <p className="problem" id="customer-erase-refusal">
              {t(`customers.refusals.${c.erase_refusal}`, { orders: c.open_orders.join(', ') })}
            </p>
          ) : (
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                props.onErase();
              }}
            >
              <div className={`field${props.confirmError ? ' invalid' : ''}`}>
                <label htmlFor="customer-confirm">{t('customers.actions.confirmLabel')}</label>
                <p id="customer-confirm-hint" className="hint">
                  {t('customers.actions.confirmHint', { email: c.email })}
                </p>
                <input
                  id="customer-confirm"
                  name="confirm_email"
                  type="email"
                  autoComplete="off"
                  value={props.confirmEmail}
                  required
                  aria-invalid={props.confirmError ? true : undefined}
                  aria-describedby={confirmDescribed}
                  onChange={(e) => props.onConfirmEmail(e.currentTarget.value)}
                />
                {props.confirmError ? (
                  <p id="customer-confirm-error" className="field-error">
                    {props.confirmError}
                  </p>
                ) : null}
              </div>
              <button type="submit" className="danger" disabled={props.busy}>
                {t('customers.actions.erase')}
              </button>
            </form>
          )}
        </section>
      )}
      {props.history}
    </>
  );
}
