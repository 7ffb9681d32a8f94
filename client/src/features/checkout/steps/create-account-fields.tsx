import { binder, BirthdayField, CheckboxField, FieldGrid, formStyles, NewPasswordFields } from '../../../components/forms';
import { useT } from '../../../hooks/use-locale';
import { currentAccountSecrets, setAccountSecrets, useAccountSecrets } from '../checkout-store';
import type { CheckoutController } from '../use-checkout-values';
import styles from '../checkout.module.css';

/**
 * A guest's 'create an account': the tick reveals what registration needs beyond the order's own fields (name
 * and e-mail): the date of birth (stored with the values) and the password pair (in memory only).
 */
export function CreateAccountFields({ checkout }: { checkout: CheckoutController }) {
  const { t } = useT();
  const { values: v, errors: err, idOf, bind } = checkout;
  const secrets = useAccountSecrets();
  const hintId = `${idOf('create_account')}-hint`;
  return (
    <fieldset className={formStyles.fieldset} data-testid="checkout-create-account" aria-describedby={hintId}>
      <legend>{t('checkout.account.createLegend')}</legend>
      <CheckboxField {...bind.check('create_account')}>{t('checkout.account.create')}</CheckboxField>
      <p id={hintId} className={formStyles.hint}>
        {t('checkout.account.createHint')}
      </p>
      {v.create_account ? (
        <div className={styles.subFields}>
          <BirthdayField binding={bind.text('birthday')} label={t('account.common.birthday')} hint={t('account.register.birthdayHint')} />
          <FieldGrid>
            <NewPasswordFields
              bind={binder(idOf, secrets, err, (field, value) => {
                setAccountSecrets({ ...currentAccountSecrets(), [field]: value });
                checkout.clearError(field);
              })}
              labels={{ password: t('account.common.password'), confirmation: t('account.common.passwordConfirmation') }}
            />
          </FieldGrid>
        </div>
      ) : null}
    </fieldset>
  );
}
