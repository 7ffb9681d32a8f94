// The tax-number rules are shared with the client's forms: they live in contract/.
export { isValidOib, normalizeVatNumber, validateVatNumber, VAT_FORMATS, type VatValidation } from '../../../contract/tax-id.js';
