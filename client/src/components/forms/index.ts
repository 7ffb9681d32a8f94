/**
 * The form kit (docs/forms.md): the state of a form, its controls, the field blocks many forms share, the
 * messages and the submit row, the frame of a screen with forms, generic checks and the styles. Features
 * import it from here.
 */
export { binder, useForm, apiErrorMessages, type Binder, type CheckBinding } from './use-form';
export { CheckboxField, FieldGrid, SelectField, TextAreaField, TextField } from './fields';
export {
  AddressFields,
  BirthdayField,
  CompanyFields,
  ConsentCheckbox,
  EmailField,
  NameFields,
  NewPasswordFields,
  PhoneField,
  type AddressLabels,
} from './blocks';
export { ErrorSummary, FormErrors, Notice, SubmitButton, SubmitRow } from './messages';
export { ScreenPage } from './screen-page';
export { useTokenAction } from './use-token-action';
export { blank, collect, todayIso, type FieldErrors, type ValidationKey } from './validation';
export { default as formStyles } from './forms.module.css';
