import type { InvoiceDocument } from '../invoice-document.js';
import { centsToDecimal, rateToDecimal } from './amounts.js';
import type { FiscalCertificate } from './fiscal-certificate.js';
import { signEnveloped } from './xml-signature.js';
import { F73_NS, SOAP_NS, xmlEscape } from './xml-text.js';
import { zagrebMessageTime } from './zagreb-time.js';

export interface RacunZahtjevOptions {
  /** IdPoruke: a new UUID for every message sent, retries included (spec 2.1.1). */
  messageId: string;
  /** DatumVrijeme of the header: when the message is sent. */
  sentAt: Date;
  /** NakDost: true when the invoice was already given to the buyer without a JIR (spec 2.1.1; law art. 21). */
  lateDelivery: boolean;
}

/** The `Id` of the signed RacunZahtjev, referenced by the signature as `#racunId` (spec 9.2). */
export const RACUN_ZAHTJEV_ID = 'racunId';

const UUID = /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$/;
const OIB = /^\d{11}$/;

/**
 * The buyer's OIB for OibPrimateljaRacuna: only a Croatian business buyer (R1) has one (11 digits,
 * written with or without the `HR` prefix), and only when the payment is not by bank transfer ('if the
 * recipient's OIB is sent, NacinPlac cannot be T', spec 2.1.1). An EU VAT number of another country is
 * no OIB and is not sent.
 */
export function recipientOib(doc: InvoiceDocument): string | null {
  if (doc.buyer.kind !== 'business' || !doc.buyer.taxId || doc.cisPaymentCode === 'T') return null;
  const id = doc.buyer.taxId.replace(/\s+/g, '').toUpperCase();
  const oib = id.startsWith('HR') ? id.slice(2) : id;
  return OIB.test(oib) ? oib : null;
}

/**
 * The SOAP envelope with a signed `tns:RacunZahtjev` for one invoice or storno, exactly per
 * FiskalizacijaSchema.xsd (EDUC/PROD v1.9) and spec 2.1.1:
 * Zaglavlje (IdPoruke, DatumVrijeme), Racun (Oib, USustPdv, DatVrijeme, OznSlijed, BrRac, Pdv per
 * rate, IznosUkupno, NacinPlac, OibOper, ZastKod, NakDost, OibPrimateljaRacuna for an R1 buyer), then
 * the enveloped signature (spec 8.7, 9.2). Amounts with a dot and two decimals, a storno's negative.
 *
 * Left out because the shop never has them (spec 2.1.1 sends each 'only if the invoice has it'): Pnp
 * (consumption tax is levied on drinks served in hospitality, not on pasta sold online), OstaliPor,
 * IznosOslobPdv (nothing exempt), IznosMarza (no margin scheme: new goods), IznosNePodlOpor (delivery
 * is billed with VAT, not passed through), Naknade (no deposit or return fees on our packaging),
 * ParagonBrRac (no paper pad invoices) and SpecNamj.
 */
export function buildRacunZahtjev(doc: InvoiceDocument, opts: RacunZahtjevOptions, cert: FiscalCertificate): string {
  if (!UUID.test(opts.messageId)) throw new RangeError('messageId must be a lowercase UUID (XSD UUIDType)');
  if (!/^[a-f0-9]{32}$/.test(doc.zki)) throw new RangeError('The invoice has no valid ZKI');
  if (!OIB.test(doc.seller.oib) || !OIB.test(doc.operator.oib)) throw new RangeError('Seller and operator OIB must be 11 digits');
  const pdv =
    doc.seller.inVatSystem && doc.vatByRate.length
      ? `<tns:Pdv>${[...doc.vatByRate]
          .sort((a, b) => a.rate - b.rate)
          .map(
            (r) =>
              `<tns:Porez><tns:Stopa>${rateToDecimal(r.rate)}</tns:Stopa><tns:Osnovica>${centsToDecimal(r.base)}</tns:Osnovica>` +
              `<tns:Iznos>${centsToDecimal(r.vat)}</tns:Iznos></tns:Porez>`,
          )
          .join('')}</tns:Pdv>`
      : '';
  const recipient = recipientOib(doc);
  const racun =
    `<tns:Racun>` +
    `<tns:Oib>${doc.seller.oib}</tns:Oib>` +
    `<tns:USustPdv>${doc.seller.inVatSystem}</tns:USustPdv>` +
    `<tns:DatVrijeme>${zagrebMessageTime(doc.issuedAt)}</tns:DatVrijeme>` +
    `<tns:OznSlijed>${doc.sequenceMark}</tns:OznSlijed>` +
    `<tns:BrRac><tns:BrOznRac>${doc.sequence}</tns:BrOznRac><tns:OznPosPr>${xmlEscape(doc.premise)}</tns:OznPosPr>` +
    `<tns:OznNapUr>${xmlEscape(doc.device)}</tns:OznNapUr></tns:BrRac>` +
    pdv +
    `<tns:IznosUkupno>${centsToDecimal(doc.total)}</tns:IznosUkupno>` +
    `<tns:NacinPlac>${doc.cisPaymentCode}</tns:NacinPlac>` +
    `<tns:OibOper>${doc.operator.oib}</tns:OibOper>` +
    `<tns:ZastKod>${doc.zki}</tns:ZastKod>` +
    `<tns:NakDost>${opts.lateDelivery}</tns:NakDost>` +
    (recipient ? `<tns:OibPrimateljaRacuna>${recipient}</tns:OibPrimateljaRacuna>` : '') +
    `</tns:Racun>`;
  const zahtjev =
    `<tns:RacunZahtjev xmlns:tns="${F73_NS}" Id="${RACUN_ZAHTJEV_ID}">` +
    `<tns:Zaglavlje><tns:IdPoruke>${opts.messageId}</tns:IdPoruke><tns:DatumVrijeme>${zagrebMessageTime(opts.sentAt)}</tns:DatumVrijeme></tns:Zaglavlje>` +
    racun +
    `</tns:RacunZahtjev>`;
  const envelope = `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP_NS}"><soapenv:Body>${zahtjev}</soapenv:Body></soapenv:Envelope>`;
  return signEnveloped(envelope, 'RacunZahtjev', cert);
}
