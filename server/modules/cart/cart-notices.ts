import { localizedMessage, type Locale, type ServerTexts } from '../../platform/i18n/index.js';
import type { StoredCartNotice } from './cart.entity.js';
import type { CartNoticeView } from './cart.types.js';

/**
 * Notices of what the shop changed in a cart on its own: merging the guest's cart into the
 * account's at sign-in adds quantities up, but never beyond the stock or the 99-pack limit, and
 * the shopper is told which lines were cut (the cart screen shows it until the next change).
 * Their texts are in server/locales (`cart.notices`).
 */

/** The stored notices in the reader's language, with the product names of this cart. */
export function noticeViews(stored: StoredCartNotice[] | null | undefined, names: Map<string, string>, locale: Locale): CartNoticeView[] {
  return (stored ?? []).map((n) => {
    const name = names.get(n.product_code) ?? n.product_code;
    return {
      code: n.code,
      product_code: n.product_code,
      quantity: n.quantity,
      requested: n.requested,
      message:
        localizedMessage(n.code satisfies keyof ServerTexts['cart']['notices'], locale, {
          name,
          quantity: n.quantity,
          requested: n.requested,
        }) ?? n.code,
    };
  });
}
