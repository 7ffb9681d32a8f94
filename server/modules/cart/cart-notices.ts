import { localizedMessage, registerErrorMessages, type Locale } from '../../platform/i18n/index.js';
import type { StoredCartNotice } from './cart.entity.js';
import type { CartNoticeView } from './cart.types.js';

/**
 * Notices of what the shop changed in a cart on its own: merging the guest's cart into the
 * account's at sign-in adds quantities up, but never beyond the stock or the 99-pack limit, and
 * the shopper is told which lines were cut (the cart screen shows it until the next change).
 */
registerErrorMessages({
  CART_MERGE_STOCK_CAPPED: {
    hr: '„{name}”: košarica prije prijave spojena je s košaricom vašeg računa, no na zalihi je samo {quantity} kom, pa ih je u košarici {quantity} umjesto {requested}.',
    en: '“{name}”: your cart from before signing in was added to your account’s cart, but only {quantity} are in stock, so the cart holds {quantity} instead of {requested}.',
    de: '„{name}“: Ihr Warenkorb von vor der Anmeldung wurde mit dem Ihres Kontos zusammengeführt, aber nur {quantity} Stück sind auf Lager, daher enthält der Warenkorb {quantity} statt {requested}.',
    sl: '»{name}«: košarica izpred prijave je bila združena s košarico vašega računa, vendar je na zalogi le {quantity} kosov, zato je v košarici {quantity} namesto {requested}.',
  },
  CART_MERGE_QUANTITY_CAPPED: {
    hr: '„{name}”: košarica prije prijave spojena je s košaricom vašeg računa; u jednu košaricu stane najviše {quantity} pakiranja, pa ih je u košarici {quantity} umjesto {requested}.',
    en: '“{name}”: your cart from before signing in was added to your account’s cart; one cart holds at most {quantity} packs, so it holds {quantity} instead of {requested}.',
    de: '„{name}“: Ihr Warenkorb von vor der Anmeldung wurde mit dem Ihres Kontos zusammengeführt; ein Warenkorb fasst höchstens {quantity} Packungen, daher enthält er {quantity} statt {requested}.',
    sl: '»{name}«: košarica izpred prijave je bila združena s košarico vašega računa; v eno košarico gre največ {quantity} pakiranj, zato jih je v njej {quantity} namesto {requested}.',
  },
});

/** The stored notices in the reader's language, with the product names of this cart. */
export function noticeViews(stored: StoredCartNotice[] | null | undefined, names: Map<string, string>, locale: Locale): CartNoticeView[] {
  return (stored ?? []).map((n) => {
    const name = names.get(n.product_code) ?? n.product_code;
    return {
      code: n.code,
      product_code: n.product_code,
      quantity: n.quantity,
      requested: n.requested,
      message: localizedMessage(n.code, locale, { name, quantity: n.quantity, requested: n.requested }) ?? n.code,
    };
  });
}
