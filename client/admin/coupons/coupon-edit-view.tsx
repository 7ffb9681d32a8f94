/**
 * The coupon form (new and edit; docs/admin.md 'Coupon and history screens'): what it gives, its
 * conditions, its window and limits; the usage figures; the fields the API locks once an order used the
 * coupon shown locked with the reason; one save bar ('3 changes': save, discard). Pure: state and
 * handlers come in as props; the unit tests render it as the browser does.
 */
import { formKeys } from '../kit/save-bar';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { AdminCouponDetail } from '../../../contract/api/admin-coupons';
import { LOCALE_TAGS } from '../../../contract/locales';
import { formatEuro } from '../../../contract/money';
import { zagrebDateTime } from '../history/zagreb';
import type { AdminLanguage } from '../i18n';
import type { CouponField, CouponValues } from './coupon-form';
import { couponWindow } from './coupon-list-view';

export interface CouponEditViewProps {
  t: TFunction;
  language: AdminLanguage;
  /** null: a new coupon. */
  coupon: AdminCouponDetail | null;
  values: CouponValues;
  changed: readonly CouponField[];
  /** Messages per field (the form's checks or the API's, in the back office's language). */
  errors: Partial<Record<CouponField, string>>;
  /** Messages not tied to a field. */
  formErrors: readonly string[];
  /** A success notice ('Saved.'). */
  notice: string | null;
  busy: boolean;
  onChange: (field: CouponField, value: string | boolean) => void;
  onSave: () => void;
  onDiscard: () => void;
  onSwitch: () => void;
  backLink: ReactNode;
  /** The History panel (edit only). */
  history?: ReactNode;
}

const idOf = (f: CouponField) => `coupon-${f}`;

export function CouponEditView(props: CouponEditViewProps) {
  const { t, language, coupon, values, errors } = props;
  const locked = new Set<string>(coupon?.locked_fields ?? []);
  const isNew = coupon === null;
  const described = (f: CouponField, hint?: boolean) =>
    [hint ? `${idOf(f)}-hint` : null, locked.has(f) ? 'coupon-locked-reason' : null, errors[f] ? `${idOf(f)}-error` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const error = (f: CouponField) =>
    errors[f] ? (
      <p id={`${idOf(f)}-error`} className="field-error">
        {errors[f]}
      </p>
    ) : null;
  const text = (
    f: Exclude<CouponField, 'kind' | 'first_order_only' | 'business_only'>,
    opts: { hint?: string; inputMode?: 'decimal' | 'numeric'; type?: string; optional?: boolean; maxLength?: number } = {},
  ) => (
    <div className={`field${errors[f] ? ' invalid' : ''}`}>
      <label htmlFor={idOf(f)}>
        {t(`coupons.fields.${f}`)}
        {opts.optional ? <span className="optional"> {t('coupons.optional')}</span> : null}
        {locked.has(f) ? <span className="locked"> {t('coupons.locked')}</span> : null}
      </label>
      {opts.hint ? (
        <p id={`${idOf(f)}-hint`} className="hint">
          {opts.hint}
        </p>
      ) : null}
      <input
        id={idOf(f)}
        name={f}
        type={opts.type ?? 'text'}
        value={values[f]}
        inputMode={opts.inputMode}
        maxLength={opts.maxLength}
        readOnly={locked.has(f)}
        required={!opts.optional}
        aria-invalid={errors[f] ? true : undefined}
        aria-describedby={described(f, !!opts.hint)}
        autoComplete="off"
        onChange={(e) => props.onChange(f, e.currentTarget.value)}
      />
      {error(f)}
    </div>
  );
  const tick = (f: 'first_order_only' | 'business_only') => (
    <div className="tick">
      <input
        id={idOf(f)}
        name={f}
        type="checkbox"
        checked={values[f]}
        onChange={(e) => props.onChange(f, e.currentTarget.checked)}
        aria-describedby={`${idOf(f)}-hint`}
      />
      <label htmlFor={idOf(f)}>{t(`coupons.fields.${f}`)}</label>
      <p id={`${idOf(f)}-hint`} className="hint">
        {t(`coupons.hints.${f}`)}
      </p>
    </div>
  );
  const count = props.changed.length;
  const title = isNew ? t('coupons.newTitle') : t('coupons.editTitle', { code: coupon.code });
  return (
    <>
      <p className="back">{props.backLink}</p>
      <div className="screen-head">
        <h1>{title}</h1>
        {coupon ? <span className={`state state-${coupon.state}`}>{t(`coupons.states.${coupon.state}`)}</span> : null}
      </div>
      {coupon ? (
        <section className="card usage" aria-labelledby="usage-title">
          <h2 id="usage-title">{t('coupons.usage.title')}</h2>
          <dl>
            <div>
              <dt>{t('coupons.usage.times')}</dt>
              <dd>{coupon.usage.times_used}</dd>
            </div>
            <div>
              <dt>{t('coupons.usage.customers')}</dt>
              <dd>{coupon.usage.customers}</dd>
            </div>
            <div>
              <dt>{t('coupons.usage.discount')}</dt>
              <dd>{formatEuro(coupon.usage.discount_given, language)}</dd>
            </div>
            <div>
              <dt>{t('coupons.usage.last')}</dt>
              <dd>
                {coupon.usage.last_used_at ? zagrebDateTime(coupon.usage.last_used_at, LOCALE_TAGS[language]) : t('coupons.usage.never')}
              </dd>
            </div>
          </dl>
          <p className="hint">{couponWindow(coupon, language, t)}</p>
          <div className="switch">
            <p>{coupon.state === 'disabled' ? t('coupons.switch.offText') : t('coupons.switch.onText')}</p>
            <button type="button" className="secondary" onClick={props.onSwitch} aria-disabled={props.busy || undefined}>
              {coupon.state === 'disabled' ? t('coupons.switch.on') : t('coupons.switch.off')}
            </button>
          </div>
        </section>
      ) : null}
      {props.notice ? (
        <p role="status" className="notice" id="coupon-notice" tabIndex={-1}>
          {props.notice}
        </p>
      ) : null}
      {props.formErrors.length > 0 ? (
        <div role="alert" className="problem" id="coupon-form-error" tabIndex={-1}>
          {props.formErrors.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      ) : null}
      <form
        className="coupon-form"
        noValidate
        aria-labelledby="coupon-form-title"
        onSubmit={(e) => {
          e.preventDefault();
          props.onSave();
        }}
        onKeyDown={(e) => formKeys(e, props.onSave)}
      >
        <h2 id="coupon-form-title" className="visually-hidden">
          {title}
        </h2>
        {locked.size > 0 ? (
          <p id="coupon-locked-reason" className="locked-reason">
            {t('coupons.lockedReason')}
          </p>
        ) : null}
        <fieldset>
          <legend>{t('coupons.groups.gives')}</legend>
          {text('code', { hint: t('coupons.hints.code'), maxLength: 32 })}
          <fieldset className="kind" aria-describedby={locked.has('kind') ? 'coupon-locked-reason' : undefined}>
            <legend>
              {t('coupons.fields.kind')}
              {locked.has('kind') ? <span className="locked"> {t('coupons.locked')}</span> : null}
            </legend>
            {(['percent', 'fixed'] as const).map((k) => (
              <div className="tick" key={k}>
                <input
                  id={`coupon-kind-${k}`}
                  type="radio"
                  name="kind"
                  value={k}
                  checked={values.kind === k}
                  disabled={locked.has('kind') && values.kind !== k}
                  onChange={() => props.onChange('kind', k)}
                />
                <label htmlFor={`coupon-kind-${k}`}>{t(`coupons.kinds.${k}`)}</label>
              </div>
            ))}
          </fieldset>
          {values.kind === 'percent'
            ? text('percent', { inputMode: 'numeric', hint: t('coupons.hints.percent'), maxLength: 3 })
            : text('amount', { inputMode: 'decimal', hint: t('coupons.hints.euro'), maxLength: 16 })}
        </fieldset>
        <fieldset>
          <legend>{t('coupons.groups.when')}</legend>
          {text('minimum_order', { inputMode: 'decimal', hint: t('coupons.hints.minimum'), optional: true, maxLength: 16 })}
          <div className="field-pair">
            {text('valid_from', { type: 'date', hint: t('coupons.hints.valid_from'), optional: true })}
            {text('valid_until', { type: 'date', hint: t('coupons.hints.valid_until'), optional: true })}
          </div>
          <div className="field-pair">
            {text('usage_limit', { inputMode: 'numeric', hint: t('coupons.hints.limit'), optional: true, maxLength: 7 })}
            {text('per_customer_limit', { inputMode: 'numeric', hint: t('coupons.hints.limit'), optional: true, maxLength: 7 })}
          </div>
          {tick('first_order_only')}
          {tick('business_only')}
        </fieldset>
        {isNew || count > 0 ? (
          <div className="save-bar" role="region" aria-label={t('coupons.saveBar')}>
            <p aria-live="polite">{isNew ? t('coupons.newUnsaved') : t('coupons.changes', { count })}</p>
            <div className="save-actions">
              {!isNew ? (
                <button type="button" className="secondary" onClick={props.onDiscard}>
                  {t('coupons.discard')}
                </button>
              ) : null}
              <button type="submit" aria-disabled={props.busy || undefined}>
                {props.busy ? t('coupons.saving') : isNew ? t('coupons.create') : t('coupons.save')}
              </button>
            </div>
            <p className="hint save-keys">{t('coupons.keys')}</p>
          </div>
        ) : null}
      </form>
      {props.history}
    </>
  );
}
