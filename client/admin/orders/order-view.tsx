/**
 * One order in the back office (docs/admin.md 'Orders in the back office'): its states and the
 * actions it allows now (ship with the tracking number first: the daily work), the lines, a refund by
 * line with its amount computed before confirming, internal notes, mails to send again, its invoices,
 * the addresses, the order's own log. Pure: state and calls come in as props (the refund form keeps
 * its own choices).
 */
import type { TFunction } from 'i18next';
import { Fragment, useState, type ReactNode } from 'react';
import { ADMIN_ORDER_ACTIONS, type AdminOrderAction, type AdminOrderFull, type ResendMail } from '../../../contract/api/admin-orders';
import type { AdminInvoiceRow } from '../../../contract/api/admin-invoices';
import { countryName } from '../../../contract/countries';
import { LOCALE_TAGS } from '../../../contract/locales';
import { formatEuro } from '../../../contract/money';
import { planRefund, refundableQuantities, type RefundPlan, type RefundRefusal } from '../../../contract/order-refund';
import { zagrebDateTime } from '../history/zagreb';
import { LANGUAGE_NAMES, type AdminLanguage } from '../i18n';
import { slipsHref } from './order-search';

/** The forms of the page; an error names its form, and `${form}-field` is the field the focus goes to. */
export type OrderForm = AdminOrderAction | 'note' | 'mail' | 'lines';

export interface OrderFormError {
  form: OrderForm;
  message: string;
}

export interface RefundLinesInput {
  lines: Array<{ product_code: string; quantity: number }>;
  shipping: boolean;
  expected_amount: number;
}

export interface OrderViewProps {
  order: AdminOrderFull;
  language: AdminLanguage;
  t: TFunction;
  /** The order's invoices (null while they load or when the role cannot read them). */
  invoices: AdminInvoiceRow[] | null;
  /** What just happened, said in a status message. */
  notice?: string | null;
  error?: OrderFormError | null;
  /** A form whose call is under way (its button is disabled). */
  busy?: OrderForm | null;
  /** Changes after each success, so the forms start empty again. */
  formKey?: number;
  backLink: ReactNode;
  /** The History panel (audit log) of the order. */
  history?: ReactNode;
  onAction: (action: AdminOrderAction, input: { tracking_number?: string; confirmed?: boolean }) => void;
  onNote: (body: string) => void;
  onMail: (mail: ResendMail) => void;
  onRefundLines: (input: RefundLinesInput) => void;
}

type Address = {
  first_name?: string;
  last_name?: string;
  company_name?: string;
  street: string;
  postal_code: string;
  city: string;
  country: string;
};

function AddressBlock({ a, language }: { a: Address; language: AdminLanguage }) {
  const name = a.company_name ?? `${a.first_name ?? ''} ${a.last_name ?? ''}`.trim();
  return (
    <address>
      {name}
      <br />
      {a.street}
      <br />
      {a.postal_code} {a.city}
      <br />
      {countryName(a.country, language)}
    </address>
  );
}

function percent(rate: number, language: AdminLanguage): string {
  return `${new Intl.NumberFormat(LOCALE_TAGS[language], { maximumFractionDigits: 2 }).format(rate)} %`;
}

/** The error of `form`, if it is the one: the message under the form, tied to its field. */
function FieldError({ error, form }: { error?: OrderFormError | null; form: OrderForm }) {
  return error?.form === form ? (
    <p className="field-error" id={`${form}-error`}>
      {error.message}
    </p>
  ) : null;
}

const described = (error: OrderFormError | null | undefined, form: OrderForm, also?: string) => {
  const ids = [also, error?.form === form ? `${form}-error` : undefined].filter(Boolean).join(' ');
  return ids || undefined;
};

function ActionForm({ action, props }: { action: AdminOrderAction; props: OrderViewProps }) {
  const { t, error, busy, order } = props;
  const danger = action === 'cancel' || action === 'refund';
  const invalid = error?.form === action;
  return (
    <form
      className={`action action-${action}`}
      data-action={action}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        props.onAction(action, {
          tracking_number: action === 'ship' ? String(form.get('tracking_number') ?? '') : undefined,
          confirmed: form.get('confirm') === 'yes',
        });
      }}
    >
      {action === 'ship' ? (
        <div className={`field${invalid ? ' invalid' : ''}`}>
          <label htmlFor="ship-field">{t('orders.trackingNumber')}</label>
          <input
            id="ship-field"
            name="tracking_number"
            type="text"
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            aria-invalid={invalid || undefined}
            aria-describedby={described(error, action, 'ship-hint')}
          />
          <span className="hint" id="ship-hint">
            {t('orders.trackingHint')}
          </span>
        </div>
      ) : null}
      {danger ? (
        <label className="check" htmlFor={`${action}-field`}>
          <input
            type="checkbox"
            id={`${action}-field`}
            name="confirm"
            value="yes"
            aria-invalid={invalid || undefined}
            aria-describedby={described(error, action)}
          />
          <span>{action === 'cancel' ? t('orders.confirmCancel') : t('orders.confirmRefund')}</span>
        </label>
      ) : null}
      <FieldError error={error} form={action} />
      <button type="submit" className={danger ? 'danger' : undefined} disabled={busy === action}>
        {action === 'refund' && order.refunds.length > 0 ? t('orders.refundAll') : t(`orders.actionButton.${action}`)}
      </button>
    </form>
  );
}

function refusalText(r: RefundRefusal, t: TFunction, language: AdminLanguage): string {
  switch (r.reason) {
    case 'too_many':
      return t('orders.refundLeftOf', { left: r.left });
    case 'above_left':
      return t('orders.refundLeft', { amount: formatEuro(r.left, language) });
    default:
      return t('orders.refundNothing');
  }
}

/** The refund by line: packs per line and the delivery, the amount computed as the server will (contract/order-refund.ts). */
function RefundLines({ props }: { props: OrderViewProps }) {
  const { order, t, language, error, busy } = props;
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [shipping, setShipping] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const left = refundableQuantities(order, order.refunded);
  const request = { lines: Object.entries(quantities).map(([product_code, quantity]) => ({ product_code, quantity })), shipping };
  const result = planRefund(order, order.refunded, request);
  const plan: RefundPlan | null = result.ok ? result.plan : null;
  const chosen = request.lines.some((l) => l.quantity > 0) || shipping;
  const invalid = error?.form === 'lines';
  return (
    <section className="card refund-lines" aria-labelledby="refund-lines-title">
      <h2 id="refund-lines-title">{t('orders.refundTitle')}</h2>
      <p className="hint" id="refund-lines-hint">
        {t('orders.refundHint')}
      </p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!plan) return props.onRefundLines({ lines: [], shipping: false, expected_amount: 0 });
          props.onRefundLines({ lines: request.lines.filter((l) => l.quantity > 0), shipping, expected_amount: plan.amount });
        }}
      >
        <ul className="refund-rows">
          {order.lines.map((l, i) => {
            const max = left.get(l.product_code) ?? 0;
            const id = i === 0 ? 'lines-field' : `lines-${i}`;
            return (
              <li key={l.product_code}>
                <label htmlFor={id}>
                  <span>{l.name}</span> <span className="hint mono">{l.product_code}</span>
                </label>
                <span className="qty">
                  <input
                    id={id}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={max}
                    value={quantities[l.product_code] ?? 0}
                    disabled={max === 0}
                    aria-invalid={invalid || undefined}
                    aria-describedby={[`lines-left-${i}`, invalid ? 'lines-error' : ''].filter(Boolean).join(' ')}
                    onChange={(e) => {
                      const n = Math.max(0, Math.min(max, Math.trunc(Number(e.currentTarget.value) || 0)));
                      setQuantities((q) => ({ ...q, [l.product_code]: n }));
                      setConfirmed(false);
                    }}
                  />
                  <span className="hint" id={`lines-left-${i}`}>
                    {t('orders.refundQty')}: {t('orders.refundLeftOf', { left: max })}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
        {order.delivery > 0 && !order.refunded.shipping ? (
          <label className="check">
            <input
              type="checkbox"
              checked={shipping}
              onChange={(e) => {
                setShipping(e.currentTarget.checked);
                setConfirmed(false);
              }}
            />
            <span>{t('orders.refundShipping', { amount: formatEuro(order.delivery, language) })}</span>
          </label>
        ) : null}
        <p role="status" className="refund-amount" data-testid="refund-amount">
          {plan
            ? t('orders.refundAmount', { amount: formatEuro(plan.amount, language), vat: formatEuro(plan.vat, language) })
            : chosen && !result.ok
              ? refusalText(result.refusal, t, language)
              : t('orders.refundNothing')}
        </p>
        {plan ? (
          <>
            <p className="hint">{t('orders.refundLeft', { amount: formatEuro(plan.left_after, language) })}</p>
            <p className="hint">{order.payment_method === 'card' ? t('orders.refundCard') : t('orders.refundBank')}</p>
            <label className="check">
              <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.currentTarget.checked)} />
              <span>{t('orders.refundConfirm', { amount: formatEuro(plan.amount, language) })}</span>
            </label>
          </>
        ) : null}
        <FieldError error={error} form="lines" />
        <button type="submit" className="danger" disabled={!plan || !confirmed || busy === 'lines'}>
          {plan ? t('orders.refundButton', { amount: formatEuro(plan.amount, language) }) : t('orders.refundTitle')}
        </button>
      </form>
      {order.refunds.length > 0 ? (
        <>
          <h3>{t('orders.refundsTitle')}</h3>
          <ul className="refunds">
            {order.refunds.map((r, i) => (
              <li key={i}>
                {t('orders.refundBy', {
                  amount: formatEuro(r.amount, language),
                  when: zagrebDateTime(r.at, LOCALE_TAGS[language]),
                  who: r.actor,
                })}{' '}
                ({t(`orders.refundMethods.${r.method}`)}):{' '}
                {[
                  ...r.lines.map((l) => `${l.quantity} × ${l.product_code}`),
                  ...(r.shipping ? [t('orders.refundShippingShort')] : []),
                ].join(', ')}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

export function OrderView(props: OrderViewProps) {
  const { order, language, t, error, busy } = props;
  const tag = LOCALE_TAGS[language];
  const money = (cents: number) => formatEuro(cents, language);
  const actions = ADMIN_ORDER_ACTIONS.filter((a) => order.actions.includes(a));
  return (
    <>
      <p className="back">{props.backLink}</p>
      <div className="screen-head">
        <h1>{t('orders.orderHeading', { number: order.number })}</h1>
        <a className="button-link secondary" href={slipsHref([order.number])} target="_blank" rel="noopener">
          {t('orders.slipOne')}
        </a>
      </div>
      <p role="status" className={props.notice ? 'notice ok' : undefined} data-testid="notice">
        {props.notice ?? ''}
      </p>
      <dl className="facts order-states">
        <dt>{t('orders.fulfilmentStatus')}</dt>
        <dd data-testid="fulfilment-status">{t(`orders.fulfilmentStatuses.${order.fulfilment_status}`)}</dd>
        <dt>{t('orders.paymentStatus')}</dt>
        <dd data-testid="payment-status">{t(`orders.paymentStatuses.${order.payment_status}`)}</dd>
        <dt>{t('orders.paymentMethod')}</dt>
        <dd>{t(`orders.paymentMethods.${order.payment_method}`)}</dd>
        <dt>{t('orders.total')}</dt>
        <dd>{money(order.total)}</dd>
        <dt>{t('orders.tracking')}</dt>
        <dd data-testid="tracking-number">{order.tracking_number ?? t('orders.noneGiven')}</dd>
        <dt>{t('orders.placedAt')}</dt>
        <dd>{zagrebDateTime(order.placed_at, tag)}</dd>
      </dl>

      <section className="card" aria-labelledby="actions-title">
        <h2 id="actions-title">{t('orders.actions')}</h2>
        {actions.length ? (
          <div className="actions">
            {actions.map((a) => (
              <ActionForm key={`${a}-${props.formKey ?? 0}`} action={a} props={props} />
            ))}
          </div>
        ) : (
          <p>{t('orders.noActions')}</p>
        )}
      </section>

      <section aria-labelledby="lines-title">
        <h2 id="lines-title">{t('orders.lines')}</h2>
        <table className="list order-lines">
          <caption className="visually-hidden">{t('orders.linesCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('orders.product')}</th>
              <th scope="col">{t('orders.code')}</th>
              <th scope="col">{t('orders.unitPrice')}</th>
              <th scope="col">{t('orders.quantity')}</th>
              <th scope="col">{t('orders.vatRate')}</th>
              <th scope="col">{t('orders.lineTotal')}</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l) => (
              <tr key={l.product_code}>
                <th scope="row">{l.name}</th>
                <td data-label={t('orders.code')} className="mono">
                  {l.product_code}
                </td>
                <td data-label={t('orders.unitPrice')}>{money(l.unit_price)}</td>
                <td data-label={t('orders.quantity')}>{l.quantity}</td>
                <td data-label={t('orders.vatRate')}>{percent(l.vat_rate, language)}</td>
                <td data-label={t('orders.lineTotal')}>{money(l.line_total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="facts totals">
          <dt>{t('orders.subtotal')}</dt>
          <dd>{money(order.subtotal)}</dd>
          {order.discount ? (
            <>
              <dt>
                {t('orders.discount')}
                {order.coupon_code ? ` (${order.coupon_code})` : ''}
              </dt>
              <dd>−{money(order.discount)}</dd>
            </>
          ) : null}
          <dt>{t('orders.delivery')}</dt>
          <dd>{money(order.delivery)}</dd>
          <dt>{t('orders.total')}</dt>
          <dd>
            <strong>{money(order.total)}</strong>
          </dd>
          <dt>{t('orders.vatBase')}</dt>
          <dd>{money(order.vat_base)}</dd>
          {order.vat_by_rate.map((r) => (
            <Fragment key={r.rate}>
              <dt>
                {t('orders.vat')} {percent(r.rate, language)}
              </dt>
              <dd>
                {money(r.vat)} ({t('orders.base')} {money(r.base)})
              </dd>
            </Fragment>
          ))}
          <dt>{t('orders.vatTotal')}</dt>
          <dd>{money(order.vat_total)}</dd>
        </dl>
      </section>

      {order.refundable ? <RefundLines key={props.formKey ?? 0} props={props} /> : null}

      <section className="card notes" aria-labelledby="notes-title">
        <h2 id="notes-title">{t('orders.notesTitle')}</h2>
        <p className="hint" id="notes-hint">
          {t('orders.notesHint')}
        </p>
        <form
          key={props.formKey ?? 0}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            props.onNote(String(new FormData(e.currentTarget).get('body') ?? ''));
          }}
        >
          <div className={`field${error?.form === 'note' ? ' invalid' : ''}`}>
            <label htmlFor="note-field">{t('orders.noteLabel')}</label>
            <textarea
              id="note-field"
              name="body"
              rows={3}
              maxLength={2000}
              aria-invalid={error?.form === 'note' || undefined}
              aria-describedby={described(error, 'note', 'notes-hint')}
            />
          </div>
          <FieldError error={error} form="note" />
          <button type="submit" disabled={busy === 'note'}>
            {t('orders.noteAdd')}
          </button>
        </form>
        {order.notes.length ? (
          <ul className="note-list" data-testid="notes">
            {order.notes.map((n) => (
              <li key={n.id}>
                <p className="note-body">{n.body}</p>
                <p className="hint">
                  {n.author} · {zagrebDateTime(n.at, tag)}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('orders.noteNone')}</p>
        )}
      </section>

      <section className="card" aria-labelledby="mails-title">
        <h2 id="mails-title">{t('orders.mailsTitle')}</h2>
        {order.mails.length ? (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              props.onMail(String(new FormData(e.currentTarget).get('mail')) as ResendMail);
            }}
          >
            <div className="field">
              <label htmlFor="mail-field">{t('orders.mailLabel')}</label>
              <select id="mail-field" name="mail" defaultValue={order.mails[0]} aria-describedby={described(error, 'mail', 'mail-hint')}>
                {order.mails.map((m) => (
                  <option key={m} value={m}>
                    {t(`orders.mails.${m}`)}
                  </option>
                ))}
              </select>
              <span className="hint" id="mail-hint">
                {t('orders.mailLanguage', { language: LANGUAGE_NAMES[order.locale] })} {order.email}
              </span>
            </div>
            <FieldError error={error} form="mail" />
            <button type="submit" disabled={busy === 'mail'}>
              {t('orders.mailSend')}
            </button>
          </form>
        ) : (
          <p>{t('orders.mailsNone')}</p>
        )}
      </section>

      <section className="card" aria-labelledby="invoices-title">
        <h2 id="invoices-title">{t('orders.invoicesTitle')}</h2>
        {props.invoices === null ? null : props.invoices.length ? (
          <ul className="links invoices" data-testid="invoices">
            {props.invoices.map((inv) => (
              <li key={inv.id}>
                {t(`orders.invoiceKinds.${inv.kind}`)} {inv.number} · {money(inv.total)} ·{' '}
                <a href={`/api/admin/invoices/${inv.id}/pdf`} target="_blank" rel="noopener">
                  {t('orders.invoicePdf')} <span className="visually-hidden">{inv.number}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('orders.invoicesNone')}</p>
        )}
        <p>
          <a href={`/admin/invoices?q=${encodeURIComponent(order.number)}`}>{t('orders.orderInvoices')}</a>
        </p>
      </section>

      <section aria-labelledby="contact-title">
        <h2 id="contact-title">{t('orders.addresses')}</h2>
        <dl className="facts">
          <dt>{t('orders.email')}</dt>
          <dd>
            <a href={`mailto:${order.email}`}>{order.email}</a>
          </dd>
          <dt>{t('orders.phone')}</dt>
          <dd>
            <a href={`tel:${order.phone.replace(/\s+/g, '')}`}>{order.phone}</a>
          </dd>
          <dt>{t('orders.language')}</dt>
          <dd>{LANGUAGE_NAMES[order.locale]}</dd>
          <dt>{t('orders.coupon')}</dt>
          <dd>{order.coupon_code ?? t('orders.noneGiven')}</dd>
          <dt>{t('orders.courierNote')}</dt>
          <dd>{order.courier_note ?? t('orders.noneGiven')}</dd>
          <dt>{t('orders.remark')}</dt>
          <dd>{order.remark ?? t('orders.noneGiven')}</dd>
        </dl>
        <div className="columns">
          <section aria-labelledby="delivery-title">
            <h3 id="delivery-title">{t('orders.deliveryAddress')}</h3>
            <AddressBlock a={order.delivery_address} language={language} />
          </section>
          <section aria-labelledby="billing-title">
            <h3 id="billing-title">{t('orders.billingAddress')}</h3>
            {order.billing_address ? <AddressBlock a={order.billing_address} language={language} /> : <p>{t('orders.sameAsDelivery')}</p>}
          </section>
          <section aria-labelledby="r1-title">
            <h3 id="r1-title">{t('orders.r1Invoice')}</h3>
            {order.r1_invoice ? (
              <>
                <AddressBlock a={order.r1_invoice} language={language} />
                <p>
                  {t('orders.taxId')}: <span data-testid="r1-tax-id">{order.r1_invoice.tax_id}</span>
                </p>
              </>
            ) : (
              <p>{t('orders.noR1')}</p>
            )}
          </section>
        </div>
      </section>

      <section aria-labelledby="log-title">
        <h2 id="log-title">{t('orders.orderLog')}</h2>
        {order.history.length ? (
          <table className="list order-log">
            <caption className="visually-hidden">{t('orders.historyCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('orders.when')}</th>
                <th scope="col">{t('orders.what')}</th>
                <th scope="col">{t('orders.who')}</th>
                <th scope="col">{t('orders.detail')}</th>
              </tr>
            </thead>
            <tbody>
              {order.history.map((h, i) => (
                <tr key={i}>
                  <th scope="row">{zagrebDateTime(h.at, tag)}</th>
                  <td data-label={t('orders.what')}>{t(`orders.historyActions.${h.action}`, { defaultValue: h.action })}</td>
                  <td data-label={t('orders.who')}>{h.actor}</td>
                  <td data-label={t('orders.detail')}>{h.detail ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>{t('orders.noHistory')}</p>
        )}
      </section>
      {props.history}
    </>
  );
}
