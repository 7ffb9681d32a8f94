/**
 * Business limits that the server enforces and the client checks before sending (the server stays the
 * authority). One number, one place: the API schemas, the services and the forms read it from here.
 */

/** A cart line holds 1 to 99 packs of one product (spec: quantity field). */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;

/** Password length in UTF-16 code units, as String.length counts (spec section 9: at least 6). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/** RFC 5321: an address longer than 254 characters cannot be delivered. */
export const EMAIL_MAX_LENGTH = 254;

/** The product list: 12 products a page by default, at most 48; pages beyond 100,000 are refused. */
export const CATALOG_DEFAULT_PAGE_SIZE = 12;
export const CATALOG_MAX_PAGE_SIZE = 48;
export const CATALOG_MAX_PAGE = 100_000;
