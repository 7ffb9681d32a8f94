import { Link } from '@tanstack/react-router';
import { useMemo, useState, type FormEvent } from 'react';
import { publicPath, routePath } from '../../../../../contract/paths';
import { ApiError } from '../../../api/http';
import {
  AddressFields,
  CheckboxField,
  CompanyFields,
  EmailField,
  ErrorSummary,
  FieldGrid,
  formStyles,
  Notice,
  PhoneField,
  SubmitRow,
  TextAreaField,
  type AddressLabels,
} from '../../../components/forms';
import { useT } from '../../../hooks/use-locale';
import { countryName, sortedCountries } from '../../cart/cart-helpers';
import { useCartMutation } from '../../cart/use-cart';
import { DELIVERY_ORDER, type CheckoutController } from '../use-checkout-values';
import styles from '../checkout.module.css';
import { CreateAccountFields } from './create-account-fields';

/**
 * Step 1: contact, (a guest's 'create an account',) the delivery address, a billing address when it differs,
 * the company for an R1 invoice, the notes. Sending it sets the cart's destination (the delivery price).
 */
export function DeliveryStep({ checkout, onDone }: { checkout: CheckoutController; onDone: () => void }) {
  const { t, locale } = useT();
  const { values: v, errors: err, bind } = checkout;
  const destination = useCartMutation(locale);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const countries = useMemo(
    () => sortedCountries(locale, (c) => countryName(c, locale)).map((c) => ({ value: c.code, label: c.name })),
    [locale],
  );
  const checkoutPath = publicPath('checkout', locale);
  const addressLabels: AddressLabels = {
    street: t('checkout.delivery.street'),
    postalCode: t('checkout.delivery.postalCode'),
    city: t('checkout.delivery.city'),
    country: t('checkout.delivery.country'),
  }; /** The delivery address (`prefix` ''), the billing address ('billing_'; both with the name) or the company's ('company_'). */
  const address = (prefix: '' | 'billing_' | 'company_', section?: 'shipping' | 'billing') => (
    <AddressFields
      bind={bind}
      names={{
        ...(prefix === 'company_' ? {} : { firstName: `${prefix}first_name`, lastName: `${prefix}last_name` }),
        street: `${prefix}street`,
        postalCode: `${prefix}postal_code`,
        city: `${prefix}city`,
        country: `${prefix}country`,
      }}
      labels={addressLabels}
      countries={countries}
      section={section}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    if (!checkout.check('delivery')) return;
    setBusy(true);
    try {
      // The delivery price is the cart's for this address (PUT /api/cart/destination).
      await destination.mutateAsync({ kind: 'destination', country: v.country, postalCode: v.postal_code.trim() });
      onDone();
    } catch (error) {
      const detail = error instanceof ApiError && error.status > 0 && error.status < 500 ? error.errors[0] : undefined;
      if (detail?.field === 'postal_code' || detail?.field === 'country')
        checkout.showErrors({ [detail.field]: detail.message }, DELIVERY_ORDER);
      else setFailure(detail?.message || t('checkout.errors.general'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={formStyles.form} method="post" onSubmit={submit} noValidate data-testid="checkout-delivery">
      <ErrorSummary errors={err} text={t('checkout.validation.summary')} testId="checkout-errors" />
      {failure ? (
        <Notice kind="error">
          <p>{failure}</p>
        </Notice>
      ) : null}
      {checkout.guest ? (
        <section className={formStyles.panel} aria-labelledby="checkout-account-heading" data-testid="checkout-login">
          <h2 id="checkout-account-heading">{t('checkout.account.heading')}</h2>
          <p>{t('checkout.account.text')}</p>
          <div className={formStyles.actions}>
            <Link
              to={routePath('login') as never}
              params={{ locale } as never}
              search={{ redirect: `${checkoutPath}?step=delivery` } as never}
              className={formStyles.secondaryButton}
            >
              {t('checkout.account.login')}
            </Link>
          </div>
        </section>
      ) : null}
      <fieldset className={formStyles.fieldset}>
        <legend>{t('checkout.delivery.contact')}</legend>
        <EmailField binding={bind.text('email')} label={t('account.common.email')} hint={t('checkout.delivery.emailHint')} />
        <PhoneField binding={bind.text('phone')} label={t('checkout.delivery.phone')} hint={t('checkout.delivery.phoneHint')} />
      </fieldset>
      {checkout.guest ? <CreateAccountFields checkout={checkout} /> : null}
      <fieldset className={formStyles.fieldset}>
        <legend>{t('checkout.delivery.address')}</legend>
        <FieldGrid>{address('', 'shipping')}</FieldGrid>
        <CheckboxField {...bind.check('billing_differs')}>{t('checkout.delivery.billingDiffers')}</CheckboxField>
      </fieldset>
      {v.billing_differs ? (
        <fieldset className={formStyles.fieldset} data-testid="checkout-billing">
          <legend>{t('checkout.delivery.billingHeading')}</legend>
          <FieldGrid>{address('billing_', 'billing')}</FieldGrid>
        </fieldset>
      ) : null}
      <fieldset className={formStyles.fieldset}>
        <legend>{t('checkout.delivery.r1Heading')}</legend>
        <CheckboxField {...bind.check('r1')}>{t('checkout.delivery.r1')}</CheckboxField>
        {v.r1 ? (
          <div className={styles.subFields} data-testid="checkout-r1">
            <FieldGrid>
              <CompanyFields
                bind={bind}
                names={{ company: 'company_name', taxId: 'tax_id' }}
                labels={{
                  company: t('checkout.delivery.companyName'),
                  taxId: t('checkout.delivery.taxId'),
                  taxIdHint: t('checkout.delivery.taxIdHint'),
                }}
              >
                {address('company_')}
              </CompanyFields>
            </FieldGrid>
          </div>
        ) : null}
      </fieldset>
      <fieldset className={formStyles.fieldset}>
        <legend>{t('checkout.delivery.notes')}</legend>
        <TextAreaField {...bind.text('courier_note')} label={t('checkout.delivery.courierNote')} optional rows={3} maxLength={500} />
        <TextAreaField {...bind.text('remark')} label={t('checkout.delivery.remark')} optional rows={3} maxLength={500} />
      </fieldset>
      <SubmitRow
        busy={busy}
        busyLabel={t('account.common.saving')}
        label={t('checkout.delivery.submit')}
        link={{ screen: 'cart', label: t('checkout.backToCart') }}
      />
    </form>
  );
}
