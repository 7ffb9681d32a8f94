/**
 * What every document with payment data issued before the invoice must visibly carry (Zakon o
 * fiskalizaciji, NN 89/2025, art. 29; leaving it out is a fine under art. 71(1) t. 2): the order
 * confirmation mail, the success page, the order page before its invoice exists. Croatian in every
 * language, word for word as the law writes it; a translation goes beside it, never instead of it.
 */
export const NOT_FISCALIZED_NOTICE = 'OVO NIJE FISKALIZIRANI RAČUN';
