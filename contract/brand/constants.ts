/** The fixed conversion notice shown on every page (spec sections 1 and 9), exactly as specified. */
export const EUR_HRK_NOTICE = '1 EUR = 7,53450 HRK';
