import type { Locale } from '../../../contract/locales.js';
import type { PaymentMethod } from '../../../contract/orders.js';

/**
 * Everything an issued invoice says, as one plain value: the PDF, the operator's HTML view, the
 * CIS request (RacunZahtjev), the UBL e-invoice and the accountant's export are all drawn from it,
 * so they cannot disagree. Built by the invoicing module from its own tables (never from the order
 * as it is now: an invoice is a record of its own, docs/invoicing.md).
 *
 * Money: integer euro cents, gross (VAT included) unless the name says base or vat. A storno carries
 * the same shape with negative amounts (negative quantities, positive unit prices; negative totals,
 * bases, VAT, discount and delivery), and names the invoice it cancels in `stornoOf`.
 */
export interface InvoiceDocument {
  /** Database id (uuid). */
  id: string;
  kind: 'invoice' | 'storno';
  /** `<sequence>/<premise>/<device>`, e.g. `17/ZZ1/1` (art. 9 of the law, spec 2.1). */
  number: string;
  sequence: number;
  /** Business premise mark (OznPosPr), registered with the Tax Administration. */
  premise: string;
  /** Device mark (OznNapUr). */
  device: string;
  /** `P`: numbered per premise, `N`: per device (OznSlijed). */
  sequenceMark: 'P' | 'N';
  /** Issue date and time, to the second (the ZKI and DatVrijeme are written in Europe/Zagreb). */
  issuedAt: Date;
  /** The operator who issued it: mark shown on the invoice and the OIB sent as OibOper. */
  operator: { mark: string; oib: string };
  seller: {
    legalName: string;
    street: string;
    postalCode: string;
    city: string;
    countryCode: string;
    oib: string;
    vatId: string;
    iban: string;
    bank: string;
    mbs: string;
    registryCourt: string;
    shareCapitalCents: number;
    email: string;
    phone: string;
    /** Whether the seller is in the VAT system (USustPdv). */
    inVatSystem: boolean;
  };
  buyer: {
    /** `consumer`: a person (name and address); `business`: an R1 buyer (company, tax number). */
    kind: 'consumer' | 'business';
    /** The person's full name, or the company's name. */
    name: string;
    street: string;
    postalCode: string;
    city: string;
    /** ISO 3166-1 alpha-2. */
    countryCode: string;
    /** Business only: the Croatian OIB (11 digits, no prefix) or an EU VAT number with its prefix (`DE123456789`). */
    taxId: string | null;
    email: string;
  };
  lines: InvoiceLine[];
  /** Coupon discount on the goods, gross (0 without one), and its share per VAT rate (sums to it). */
  discount: number;
  discountByRate: Array<{ rate: number; gross: number }>;
  /** Delivery, gross, and its VAT rate. */
  delivery: number;
  deliveryVatRate: number;
  /** VAT base and VAT per rate (ascending rate); delivery and discount included. */
  vatByRate: Array<{ rate: number; base: number; vat: number }>;
  vatBase: number;
  vatTotal: number;
  /** What the buyer pays: vatBase + vatTotal = sum(lines) - discount + delivery. */
  total: number;
  currency: 'EUR';
  /** The shop's payment method and the CIS code for it (NacinPlac: G cash, K card, T transfer, O other). */
  paymentMethod: PaymentMethod;
  cisPaymentCode: 'G' | 'K' | 'T' | 'O';
  /** Protective code of the issuer (ZKI): 32 lowercase hex. */
  zki: string;
  /** Unique invoice identifier from the Tax Administration (JIR, a UUID); null until fiscalized. */
  jir: string | null;
  /** The order it bills (its number, e.g. `ZZ-2026-000123`) and the buyer's language. */
  orderNumber: string;
  locale: Locale;
  /** A storno names the invoice it cancels (number and issue time). */
  stornoOf: { number: string; issuedAt: Date } | null;
}

export interface InvoiceLine {
  /** The product's code (our SKU), or `DELIVERY` is never a line: delivery has its own fields. */
  code: string;
  name: string;
  /** KPD 2025 classification code (e.g. `10.73.11`), per product. */
  kpdCode: string;
  /** Signed: negative on a storno. */
  quantity: number;
  /** UN/ECE rec. 20 unit code (`H87` piece/pack). */
  unitCode: string;
  /** Gross cents per unit, positive. */
  unitPrice: number;
  /** Percent. */
  vatRate: number;
  /** unitPrice x quantity (signed), before the discount. */
  lineTotal: number;
}
