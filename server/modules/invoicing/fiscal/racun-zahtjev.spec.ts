import { beforeAll, describe, expect, it } from '@jest/globals';
import { sampleInvoiceDocument } from '../../../../test/support/invoice-document.js';
import type { InvoiceDocument } from '../invoice-document.js';
import {
  DEMO_CERTIFICATE_PASSWORD,
  generateDemoCertificateP12,
  loadFiscalCertificate,
  type FiscalCertificate,
} from './fiscal-certificate.js';
import { soapBodyElement, validateFiscalMessage } from './fiscal-schema.js';
import { buildRacunZahtjev, recipientOib } from './racun-zahtjev.js';
import { verifyEnvelopedSignature } from './signature-verifier.js';
import { F73_NS } from './xml-text.js';
import { computeZki } from './zki.js';

let cert: FiscalCertificate;
beforeAll(() => {
  cert = loadFiscalCertificate(
    generateDemoCertificateP12({ oib: '47193065287', companyName: 'Zlatno zrno d.o.o.' }),
    DEMO_CERTIFICATE_PASSWORD,
  );
});

const opts = { messageId: 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6', sentAt: new Date('2026-07-14T08:05:10Z'), lateDelivery: false };

function withZki(doc: InvoiceDocument): InvoiceDocument {
  const zki = computeZki(
    {
      oib: doc.seller.oib,
      issuedAt: doc.issuedAt,
      sequence: doc.sequence,
      premise: doc.premise,
      device: doc.device,
      totalCents: doc.total,
    },
    cert.privateKeyPem,
  );
  return { ...doc, zki };
}

const text = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<tns:${name}>([^<]*)</tns:${name}>`, 'g'))].map((m) => m[1]);

const cases: Array<[string, () => InvoiceDocument, Partial<typeof opts>]> = [
  ['an invoice paid by card, two VAT rates', () => sampleInvoiceDocument(), {}],
  ['its storno (negative amounts)', () => sampleInvoiceDocument({ storno: true }), {}],
  [
    'an R1 invoice to a Croatian company, cash on delivery',
    () =>
      sampleInvoiceDocument({
        buyer: { ...sampleInvoiceDocument().buyer, kind: 'business', name: 'Trgovina d.o.o.', taxId: 'HR12345678903' },
        paymentMethod: 'cod',
        cisPaymentCode: 'G',
      }),
    {},
  ],
  ['a late delivery (NakDost) after CIS was down', () => sampleInvoiceDocument(), { lateDelivery: true }],
  [
    'three VAT rates (5, 13, 25)',
    () =>
      sampleInvoiceDocument({
        vatByRate: [
          { rate: 25, base: 1000, vat: 250 },
          { rate: 5, base: 702 - 33, vat: 33 },
          { rate: 13, base: 100, vat: 13 },
        ],
        total: 1000 + 250 + 669 + 33 + 100 + 13,
      }),
    {},
  ],
  [
    'a seller outside the VAT system: no Pdv at all (spec 2.1.1)',
    () => sampleInvoiceDocument({ seller: { ...sampleInvoiceDocument().seller, inVatSystem: false }, vatByRate: [] }),
    {},
  ],
];

describe('buildRacunZahtjev', () => {
  it.each(cases)('%s: valid against the official XSD, signature verified by xmldsigjs', async (_name, make, extra) => {
    const doc = withZki(make());
    const xml = buildRacunZahtjev(doc, { ...opts, ...extra }, cert);
    const body = soapBodyElement(xml);
    expect(body.localName).toBe('RacunZahtjev');
    const schema = await validateFiscalMessage(body.xml);
    expect(schema.errors).toEqual([]);
    expect(schema.valid).toBe(true);
    const check = await verifyEnvelopedSignature(xml, 'RacunZahtjev', F73_NS);
    expect(check.ok).toBe(true);
    if (check.ok) expect(check.certificate.raw.toString('base64')).toBe(cert.certificateBase64Der);
    expect(text(xml, 'IznosUkupno')).toEqual([(doc.total / 100).toFixed(2)]);
    expect(text(xml, 'NakDost')).toEqual([String(extra.lateDelivery ?? false)]);
    expect(text(xml, 'ZastKod')).toEqual([doc.zki]);
  });

  it('writes the sample invoice field by field (Zagreb time, dot decimals, rates ascending)', () => {
    const xml = buildRacunZahtjev(withZki(sampleInvoiceDocument()), opts, cert);
    expect(text(xml, 'IdPoruke')).toEqual([opts.messageId]);
    expect(text(xml, 'DatumVrijeme')).toEqual(['14.07.2026T10:05:10']);
    expect(text(xml, 'DatVrijeme')).toEqual(['14.07.2026T10:05:09']);
    expect(text(xml, 'Oib')).toEqual(['47193065287']);
    expect(text(xml, 'USustPdv')).toEqual(['true']);
    expect(text(xml, 'OznSlijed')).toEqual(['P']);
    expect(text(xml, 'BrOznRac')).toEqual(['17']);
    expect(text(xml, 'OznPosPr')).toEqual(['ZZ1']);
    expect(text(xml, 'OznNapUr')).toEqual(['1']);
    expect(text(xml, 'Stopa')).toEqual(['5.00', '25.00']);
    expect(text(xml, 'Osnovica')).toEqual(['6.69', '12.10']);
    expect(text(xml, 'Iznos')).toEqual(['0.33', '3.03']);
    expect(text(xml, 'IznosUkupno')).toEqual(['22.15']);
    expect(text(xml, 'NacinPlac')).toEqual(['K']);
    expect(text(xml, 'OibOper')).toEqual(['47193065287']);
    expect(xml).not.toContain('OibPrimateljaRacuna');
    expect(xml).toContain('<Reference URI="#racunId">');
    expect(xml).toContain('http://www.w3.org/2001/10/xml-exc-c14n#');
    expect(xml).toContain('<X509SerialNumber>' + cert.serialNumber + '</X509SerialNumber>');
  });

  it('writes a storno negative and an R1 buyer OIB', () => {
    const storno = buildRacunZahtjev(withZki(sampleInvoiceDocument({ storno: true })), opts, cert);
    expect(text(storno, 'IznosUkupno')).toEqual(['-22.15']);
    expect(text(storno, 'Osnovica')).toEqual(['-6.69', '-12.10']);
    expect(text(storno, 'BrOznRac')).toEqual(['18']);
    const r1 = sampleInvoiceDocument({ buyer: { ...sampleInvoiceDocument().buyer, kind: 'business', taxId: 'HR12345678903' } });
    expect(text(buildRacunZahtjev(withZki(r1), opts, cert), 'OibPrimateljaRacuna')).toEqual(['12345678903']);
  });

  it('sends no OibPrimateljaRacuna for a consumer, a foreign VAT number or a transfer (spec 2.1.1)', () => {
    const buyer = sampleInvoiceDocument().buyer;
    expect(recipientOib(sampleInvoiceDocument())).toBeNull();
    expect(recipientOib(sampleInvoiceDocument({ buyer: { ...buyer, kind: 'business', taxId: 'DE123456789' } }))).toBeNull();
    expect(
      recipientOib(sampleInvoiceDocument({ buyer: { ...buyer, kind: 'business', taxId: '12345678903' }, cisPaymentCode: 'T' })),
    ).toBeNull();
    expect(recipientOib(sampleInvoiceDocument({ buyer: { ...buyer, kind: 'business', taxId: '12345678903' } }))).toBe('12345678903');
  });

  it('a changed amount, a moved signature or a foreign key is detected', async () => {
    const xml = buildRacunZahtjev(withZki(sampleInvoiceDocument()), opts, cert);
    expect(
      (await verifyEnvelopedSignature(xml.replace('<tns:IznosUkupno>22.15<', '<tns:IznosUkupno>2.15<'), 'RacunZahtjev', F73_NS)).ok,
    ).toBe(false);
    expect((await verifyEnvelopedSignature(xml.replace('<tns:OznPosPr>ZZ1<', '<tns:OznPosPr>ZZ2<'), 'RacunZahtjev', F73_NS)).ok).toBe(
      false,
    );
    const other = loadFiscalCertificate(generateDemoCertificateP12({ oib: '47193065287', companyName: 'X' }), DEMO_CERTIFICATE_PASSWORD);
    const swapped = xml.replace(/<X509Certificate>[^<]+</, `<X509Certificate>${other.certificateBase64Der}<`);
    expect(await verifyEnvelopedSignature(swapped, 'RacunZahtjev', F73_NS)).toEqual({ ok: false, reason: 'invalid' });
    const unsigned = xml.replace(/<Signature[\s\S]*<\/Signature>/, '');
    expect(await verifyEnvelopedSignature(unsigned, 'RacunZahtjev', F73_NS)).toEqual({ ok: false, reason: 'missing' });
    const retargeted = xml.replace('Id="racunId"', 'Id="other"');
    expect((await verifyEnvelopedSignature(retargeted, 'RacunZahtjev', F73_NS)).ok).toBe(false);
  });

  it('refuses what the XSD would refuse before signing', () => {
    expect(() => buildRacunZahtjev(withZki(sampleInvoiceDocument()), { ...opts, messageId: 'nope' }, cert)).toThrow(RangeError);
    expect(() => buildRacunZahtjev({ ...sampleInvoiceDocument(), zki: 'XYZ' }, opts, cert)).toThrow(RangeError);
  });
});
