import { create } from 'xmlbuilder2';
import type { InvoiceDocument } from '../invoice-document.js';
import { deriveNetAmounts } from './net-amounts.js';

/**
 * The e-invoice (eRačun) of an R1 invoice: EN 16931 in UBL 2.1 with the Croatian CIUS 2025 and its
 * extension (HR-CIUS). Field by field with the BT / HR-BT numbers in docs/invoicing/einvoice.md.
 *
 * A storno is a UBL `Invoice` with negative amounts, type 384 (corrected invoice), process P10 and a
 * reference to the invoice it cancels, as the official example Storno_racuna_za_predujam_negativni_racun
 * shows: it is the same document the PDF and the CIS request show (a new invoice with negated
 * amounts, art. 24 of the law), not a credit note with positive amounts.
 */

export const CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:mfin.gov.hr:cius-2025:1.0#conformant#urn:mfin.gov.hr:ext-2025:1.0';

const NS = {
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  hrextac: 'urn:mfin.gov.hr:schema:xsd:HRExtensionAggregateComponents-1',
} as const;

/** ISO/IEC 6523 / EAS scheme of a Croatian OIB (HR:VAT) as HR-CIUS uses it for BT-34, BT-49, BT-29, BT-46. */
const OIB_SCHEME = '9934';
/** EAS scheme "electronic mail", the buyer's electronic address when the buyer has no OIB (a buyer in another EU country). */
const EMAIL_SCHEME = 'EM';

/** Why an R1 invoice cannot be turned into an e-invoice (a programming or data error, never user input). */
export class EInvoiceNotApplicableError extends Error {}

type Node = ReturnType<typeof create>;

/** Cents as a UBL amount: two decimals, a dot, a leading minus when negative. */
export function formatAmount(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`e-invoice: amount ${cents} is not whole cents`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** |cents| / |quantity| in euros, to 10 decimals at most (HR-BR-56), rounded half up, trailing zeros kept to 2. */
function formatUnitPrice(cents: number, quantity: number): string {
  const scaled = (BigInt(Math.abs(cents)) * 10n ** 9n) / BigInt(Math.abs(quantity)); // 10^-11 euros
  const rounded = (scaled + 5n) / 10n; // 10^-10 euros
  const whole = rounded / 10n ** 10n;
  const frac = (rounded % 10n ** 10n).toString().padStart(10, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${frac}`;
}

function formatQuantity(q: number): string {
  return q.toFixed(3);
}

/** Date and time of `at` on the wall clock in Croatia (issue date BT-2, issue time HR-BT-2). */
export function zagrebDateTime(at: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Zagreb',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}

/** The buyer's VAT identifier (BT-48): `HR` + OIB, or the EU VAT number as given (it carries its prefix). */
function buyerVatId(taxId: string): string {
  return /^\d{11}$/.test(taxId) ? `HR${taxId}` : taxId;
}

/** HR-CIUS process (BT-23): P10 for a storno, P6 (paid before delivery, on the order) for a card sale, P3 (a delivery on a standalone order) for cash on delivery. */
function profileId(doc: InvoiceDocument): string {
  if (doc.kind === 'storno') return 'P10';
  return doc.paymentMethod === 'card' ? 'P6' : 'P3';
}

/** UNTDID 4461 payment means (BT-81): 48 bank card; 10 cash (cash on delivery, paid to the courier). */
function paymentMeansCode(doc: InvoiceDocument): { code: string; name: string } {
  return doc.paymentMethod === 'card' ? { code: '48', name: 'Kartično plaćanje' } : { code: '10', name: 'Gotovina (pouzeće)' };
}

function assertApplicable(doc: InvoiceDocument): string {
  if (doc.buyer.kind !== 'business') throw new EInvoiceNotApplicableError('e-invoice: only an R1 (business) invoice has an e-invoice');
  const taxId = doc.buyer.taxId;
  if (!taxId) throw new EInvoiceNotApplicableError('e-invoice: the business buyer has no OIB or VAT number (BT-48, HR-BR-S-1)');
  if (doc.kind === 'storno' && !doc.stornoOf)
    throw new EInvoiceNotApplicableError('e-invoice: a storno must name the invoice it cancels (BG-3)');
  if (doc.currency !== 'EUR') throw new EInvoiceNotApplicableError('e-invoice: currency must be EUR');
  if (!doc.seller.inVatSystem)
    throw new EInvoiceNotApplicableError('e-invoice: a seller outside the VAT system is not supported (no tax category E/O mapping)');
  for (const l of doc.lines) {
    if (!/^\d{2}\.\d{2}\.\d{2}$/.test(l.kpdCode))
      throw new EInvoiceNotApplicableError(`e-invoice: line ${l.code} has no valid KPD code (HR-BR-25)`);
    if (l.quantity === 0 || !Number.isInteger(l.quantity))
      throw new EInvoiceNotApplicableError(`e-invoice: line ${l.code} has quantity ${l.quantity}`);
    if (l.vatRate <= 0)
      throw new EInvoiceNotApplicableError(`e-invoice: line ${l.code} has VAT rate ${l.vatRate} (only standard-rated lines are supported)`);
  }
  return taxId;
}

function taxCategory(parent: Node, element: 'cac:TaxCategory' | 'cac:ClassifiedTaxCategory', rate: number, withName: boolean): void {
  const cat = parent.ele(NS.cac, element);
  cat.ele(NS.cbc, 'cbc:ID').txt('S');
  if (withName) cat.ele(NS.cbc, 'cbc:Name').txt(`HR:PDV${rate}`);
  cat.ele(NS.cbc, 'cbc:Percent').txt(String(rate));
  cat.ele(NS.cac, 'cac:TaxScheme').ele(NS.cbc, 'cbc:ID').txt('VAT');
}

function amount(parent: Node, name: string, cents: number): void {
  const [prefix] = name.split(':');
  parent.ele(prefix === 'hrextac' ? NS.hrextac : NS.cbc, name, { currencyID: 'EUR' }).txt(formatAmount(cents));
}

/** An optional element, left out when blank: HR-CIUS forbids empty elements (HR-BR-33). */
function optional(parent: Node, name: string, value: string): void {
  if (value.trim()) parent.ele(NS.cbc, name).txt(value.trim());
}

function address(party: Node, a: { street: string; city: string; postalCode: string; countryCode: string }): void {
  const addr = party.ele(NS.cac, 'cac:PostalAddress');
  optional(addr, 'cbc:StreetName', a.street);
  optional(addr, 'cbc:CityName', a.city);
  optional(addr, 'cbc:PostalZone', a.postalCode);
  addr.ele(NS.cac, 'cac:Country').ele(NS.cbc, 'cbc:IdentificationCode').txt(a.countryCode);
}

/** Characters XML 1.0 cannot carry (control characters, lone surrogates, U+FFFE/FFFF); the builder would write them as they are. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** The document with every string stripped of what XML cannot carry (a buyer's company name is typed in by the buyer). */
function xmlSafe<T>(value: T): T {
  if (typeof value === 'string') return value.replace(NOT_XML_CHAR, '') as T;
  if (Array.isArray(value)) return value.map((v: unknown) => xmlSafe(v)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, xmlSafe(v)])) as T;
  return value;
}

/** The UBL 2.1 e-invoice of an R1 invoice or storno, as UTF-8 XML text. Throws EInvoiceNotApplicableError for a consumer invoice. */
export function buildUblInvoice(input: InvoiceDocument): string {
  const doc = xmlSafe(input);
  const taxId = assertApplicable(doc);
  const net = deriveNetAmounts(doc);
  const issued = zagrebDateTime(doc.issuedAt);
  const paidByCard = doc.paymentMethod === 'card';

  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(NS.inv, 'Invoice', {
    'xmlns:cac': NS.cac,
    'xmlns:cbc': NS.cbc,
    'xmlns:ext': NS.ext,
    'xmlns:hrextac': NS.hrextac,
  });

  // HR-BG-1: the Fiscalization 2.0 extension (HR tax breakdown and HR totals).
  const hr = root
    .ele(NS.ext, 'ext:UBLExtensions')
    .ele(NS.ext, 'ext:UBLExtension')
    .ele(NS.ext, 'ext:ExtensionContent')
    .ele(NS.hrextac, 'hrextac:HRFISK20Data');
  const hrTax = hr.ele(NS.hrextac, 'hrextac:HRTaxTotal');
  amount(hrTax, 'cbc:TaxAmount', doc.vatTotal);
  for (const row of doc.vatByRate) {
    const sub = hrTax.ele(NS.hrextac, 'hrextac:HRTaxSubtotal');
    amount(sub, 'cbc:TaxableAmount', row.base);
    amount(sub, 'cbc:TaxAmount', row.vat);
    const cat = sub.ele(NS.hrextac, 'hrextac:HRTaxCategory');
    cat.ele(NS.cbc, 'cbc:ID').txt('S');
    cat.ele(NS.cbc, 'cbc:Name').txt(`HR:PDV${row.rate}`);
    cat.ele(NS.cbc, 'cbc:Percent').txt(String(row.rate));
    cat.ele(NS.hrextac, 'hrextac:HRTaxScheme').ele(NS.cbc, 'cbc:ID').txt('VAT');
  }
  const hrTotal = hr.ele(NS.hrextac, 'hrextac:HRLegalMonetaryTotal');
  amount(hrTotal, 'cbc:TaxExclusiveAmount', doc.vatBase);
  amount(hrTotal, 'hrextac:OutOfScopeOfVATAmount', 0);

  root.ele(NS.cbc, 'cbc:CustomizationID').txt(CUSTOMIZATION_ID); // BT-24
  root.ele(NS.cbc, 'cbc:ProfileID').txt(profileId(doc)); // BT-23
  root.ele(NS.cbc, 'cbc:ID').txt(doc.number); // BT-1
  root.ele(NS.cbc, 'cbc:IssueDate').txt(issued.date); // BT-2
  root.ele(NS.cbc, 'cbc:IssueTime').txt(issued.time); // HR-BT-2
  // BT-9, art. 48(1)3 of the law: a card sale is paid at checkout, cash on delivery is due when the parcel is delivered (BR-CO-25)
  root.ele(NS.cbc, 'cbc:DueDate').txt(issued.date);
  root.ele(NS.cbc, 'cbc:InvoiceTypeCode').txt(doc.kind === 'storno' ? '384' : '380'); // BT-3
  root.ele(NS.cbc, 'cbc:Note').txt(`Narudžba ${doc.orderNumber}. ZKI: ${doc.zki}${doc.jir ? `. JIR: ${doc.jir}` : ''}`); // BT-22
  root.ele(NS.cbc, 'cbc:DocumentCurrencyCode').txt(doc.currency); // BT-5
  root.ele(NS.cac, 'cac:OrderReference').ele(NS.cbc, 'cbc:ID').txt(doc.orderNumber); // BT-13
  if (doc.stornoOf) {
    // BG-3: the invoice this storno cancels (BT-25, BT-26; HR-BR-6)
    const ref = root.ele(NS.cac, 'cac:BillingReference').ele(NS.cac, 'cac:InvoiceDocumentReference');
    ref.ele(NS.cbc, 'cbc:ID').txt(doc.stornoOf.number);
    ref.ele(NS.cbc, 'cbc:IssueDate').txt(zagrebDateTime(doc.stornoOf.issuedAt).date);
  }

  // BG-4 seller
  const supplier = root.ele(NS.cac, 'cac:AccountingSupplierParty');
  const seller = supplier.ele(NS.cac, 'cac:Party');
  seller.ele(NS.cbc, 'cbc:EndpointID', { schemeID: OIB_SCHEME }).txt(doc.seller.oib); // BT-34
  seller.ele(NS.cac, 'cac:PartyIdentification').ele(NS.cbc, 'cbc:ID').txt(`${OIB_SCHEME}:${doc.seller.oib}`); // BT-29
  address(seller, doc.seller); // BG-5
  const sellerTax = seller.ele(NS.cac, 'cac:PartyTaxScheme');
  sellerTax.ele(NS.cbc, 'cbc:CompanyID').txt(doc.seller.vatId); // BT-31
  sellerTax.ele(NS.cac, 'cac:TaxScheme').ele(NS.cbc, 'cbc:ID').txt('VAT');
  const sellerLegal = seller.ele(NS.cac, 'cac:PartyLegalEntity');
  sellerLegal.ele(NS.cbc, 'cbc:RegistrationName').txt(doc.seller.legalName); // BT-27
  sellerLegal.ele(NS.cbc, 'cbc:CompanyID').txt(doc.seller.mbs); // BT-30
  sellerLegal
    .ele(NS.cbc, 'cbc:CompanyLegalForm')
    .txt(
      `${doc.seller.registryCourt}, MBS ${doc.seller.mbs}, temeljni kapital ${formatAmount(doc.seller.shareCapitalCents)} EUR uplaćen u cijelosti`,
    ); // BT-33
  if (doc.seller.phone.trim() || doc.seller.email.trim()) {
    const contact = seller.ele(NS.cac, 'cac:Contact'); // BG-6
    optional(contact, 'cbc:Telephone', doc.seller.phone);
    optional(contact, 'cbc:ElectronicMail', doc.seller.email);
  }
  const operator = supplier.ele(NS.cac, 'cac:SellerContact');
  operator.ele(NS.cbc, 'cbc:ID').txt(doc.operator.oib); // HR-BT-5
  operator.ele(NS.cbc, 'cbc:Name').txt(doc.operator.mark); // HR-BT-4

  // BG-7 buyer
  const oib = /^\d{11}$/.test(taxId) ? taxId : null;
  const buyer = root.ele(NS.cac, 'cac:AccountingCustomerParty').ele(NS.cac, 'cac:Party');
  if (oib)
    buyer.ele(NS.cbc, 'cbc:EndpointID', { schemeID: OIB_SCHEME }).txt(oib); // BT-49
  else buyer.ele(NS.cbc, 'cbc:EndpointID', { schemeID: EMAIL_SCHEME }).txt(doc.buyer.email);
  if (oib) buyer.ele(NS.cac, 'cac:PartyIdentification').ele(NS.cbc, 'cbc:ID').txt(`${OIB_SCHEME}:${oib}`); // BT-46
  address(buyer, doc.buyer); // BG-8
  const buyerTax = buyer.ele(NS.cac, 'cac:PartyTaxScheme');
  buyerTax.ele(NS.cbc, 'cbc:CompanyID').txt(buyerVatId(taxId)); // BT-48
  buyerTax.ele(NS.cac, 'cac:TaxScheme').ele(NS.cbc, 'cbc:ID').txt('VAT');
  buyer.ele(NS.cac, 'cac:PartyLegalEntity').ele(NS.cbc, 'cbc:RegistrationName').txt(doc.buyer.name); // BT-44
  if (doc.buyer.email.trim()) buyer.ele(NS.cac, 'cac:Contact').ele(NS.cbc, 'cbc:ElectronicMail').txt(doc.buyer.email.trim()); // BT-58

  // BG-16 payment instructions, with the seller's account (BT-84)
  const means = paymentMeansCode(doc);
  const pay = root.ele(NS.cac, 'cac:PaymentMeans');
  pay.ele(NS.cbc, 'cbc:PaymentMeansCode', { name: means.name }).txt(means.code); // BT-81, BT-82
  const account = pay.ele(NS.cac, 'cac:PayeeFinancialAccount');
  account.ele(NS.cbc, 'cbc:ID').txt(doc.seller.iban);
  account.ele(NS.cbc, 'cbc:Name').txt(doc.seller.legalName);

  // BG-20 document-level allowances: the coupon discount, one per VAT rate (BT-92 .. BT-98)
  for (const a of net.allowances) {
    const ac = root.ele(NS.cac, 'cac:AllowanceCharge');
    ac.ele(NS.cbc, 'cbc:ChargeIndicator').txt('false');
    ac.ele(NS.cbc, 'cbc:AllowanceChargeReasonCode').txt('95'); // UNTDID 5189: discount
    ac.ele(NS.cbc, 'cbc:AllowanceChargeReason').txt('Popust (kupon)');
    amount(ac, 'cbc:Amount', a.net);
    taxCategory(ac, 'cac:TaxCategory', a.rate, false);
  }
  // BG-21 document-level charge: delivery (BT-99 .. BT-105)
  if (net.delivery) {
    const ac = root.ele(NS.cac, 'cac:AllowanceCharge');
    ac.ele(NS.cbc, 'cbc:ChargeIndicator').txt('true');
    ac.ele(NS.cbc, 'cbc:AllowanceChargeReasonCode').txt('FC'); // UNTDID 7161: freight charges
    ac.ele(NS.cbc, 'cbc:AllowanceChargeReason').txt('Dostava');
    amount(ac, 'cbc:Amount', net.delivery.net);
    taxCategory(ac, 'cac:TaxCategory', net.delivery.rate, false);
  }

  // BG-23 VAT breakdown: the document's own base and VAT per rate
  const taxTotal = root.ele(NS.cac, 'cac:TaxTotal');
  amount(taxTotal, 'cbc:TaxAmount', doc.vatTotal); // BT-110
  for (const row of doc.vatByRate) {
    const sub = taxTotal.ele(NS.cac, 'cac:TaxSubtotal');
    amount(sub, 'cbc:TaxableAmount', row.base); // BT-116
    amount(sub, 'cbc:TaxAmount', row.vat); // BT-117
    taxCategory(sub, 'cac:TaxCategory', row.rate, false); // BT-118, BT-119
  }

  // BG-22 totals
  const totals = root.ele(NS.cac, 'cac:LegalMonetaryTotal');
  amount(totals, 'cbc:LineExtensionAmount', net.lineTotal); // BT-106
  amount(totals, 'cbc:TaxExclusiveAmount', doc.vatBase); // BT-109
  amount(totals, 'cbc:TaxInclusiveAmount', doc.total); // BT-112
  if (net.allowances.length > 0) amount(totals, 'cbc:AllowanceTotalAmount', net.allowanceTotal); // BT-107
  if (net.delivery) amount(totals, 'cbc:ChargeTotalAmount', net.chargeTotal); // BT-108
  if (paidByCard) amount(totals, 'cbc:PrepaidAmount', doc.total); // BT-113: a card sale is paid before it is invoiced
  amount(totals, 'cbc:PayableAmount', paidByCard ? 0 : doc.total); // BT-115

  // BG-25 lines
  doc.lines.forEach((l, i) => {
    const line = root.ele(NS.cac, 'cac:InvoiceLine');
    line.ele(NS.cbc, 'cbc:ID').txt(String(i + 1)); // BT-126
    line.ele(NS.cbc, 'cbc:InvoicedQuantity', { unitCode: l.unitCode }).txt(formatQuantity(l.quantity)); // BT-129, BT-130
    amount(line, 'cbc:LineExtensionAmount', net.lines[i]); // BT-131
    const item = line.ele(NS.cac, 'cac:Item');
    item.ele(NS.cbc, 'cbc:Name').txt(l.name); // BT-153
    item.ele(NS.cac, 'cac:SellersItemIdentification').ele(NS.cbc, 'cbc:ID').txt(l.code); // BT-155
    item.ele(NS.cac, 'cac:CommodityClassification').ele(NS.cbc, 'cbc:ItemClassificationCode', { listID: 'CG' }).txt(l.kpdCode); // BT-158 (KPD 2025, HR-BR-25)
    taxCategory(item, 'cac:ClassifiedTaxCategory', l.vatRate, true); // BT-151, BT-152, HR-BT-12
    const price = line.ele(NS.cac, 'cac:Price');
    price.ele(NS.cbc, 'cbc:PriceAmount', { currencyID: 'EUR' }).txt(formatUnitPrice(net.lines[i], l.quantity)); // BT-146
    price.ele(NS.cbc, 'cbc:BaseQuantity', { unitCode: l.unitCode }).txt(formatQuantity(1)); // BT-149, BT-150
  });

  return root.end({ prettyPrint: true });
}
