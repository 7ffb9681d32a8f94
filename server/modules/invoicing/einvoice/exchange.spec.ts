import { describe, expect, it } from '@jest/globals';
import { DE_BUSINESS_BUYER, HR_BUSINESS_BUYER } from '../../../../test/support/r1-invoice-document.js';
import { sampleInvoiceDocument } from '../../../../test/support/invoice-document.js';
import {
  buildUblInvoice,
  createEInvoiceExchange,
  EInvoiceExchangeError,
  SandboxEInvoiceExchange,
  UnknownEInvoiceReferenceError,
  type EInvoiceExchange,
  type EInvoiceStatus,
} from './index.js';

const doc = sampleInvoiceDocument({ buyer: HR_BUSINESS_BUYER });
const ubl = buildUblInvoice(doc);
const SLOW = 60_000;

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('SandboxEInvoiceExchange', () => {
  it(
    'accepts a valid e-invoice, answers a reference, and reports it delivered once the delay has passed',
    async () => {
      const time = clock();
      const exchange = new SandboxEInvoiceExchange({ deliverAfterMs: 2000, now: time.now });
      const { reference } = await exchange.send({ invoiceNumber: doc.number, ubl, buyerEndpoint: HR_BUSINESS_BUYER.taxId! });
      expect(reference).toMatch(/^sandbox-[0-9a-f-]{36}$/);
      const before: EInvoiceStatus = await exchange.status(reference);
      expect(before).toBe('accepted');
      time.advance(2000);
      await expect(exchange.status(reference)).resolves.toBe('delivered');
      expect(exchange.received(reference)).toMatchObject({ invoiceNumber: '17/ZZ1/1', buyerEndpoint: '69435151530', ubl, errors: [] });
    },
    SLOW,
  );

  it(
    'rejects what fails the XSD, a wrong invoice number or a wrong buyer endpoint, and keeps why',
    async () => {
      const exchange = new SandboxEInvoiceExchange();
      const broken = await exchange.send({
        invoiceNumber: doc.number,
        ubl: ubl.replace('<cbc:IssueTime>', '<cbc:Issued/><cbc:IssueTime>'),
        buyerEndpoint: '69435151530',
      });
      await expect(exchange.status(broken.reference)).resolves.toBe('rejected');
      expect(exchange.received(broken.reference)!.errors.join('\n')).toMatch(/Issued.*not expected/);

      const number = await exchange.send({ invoiceNumber: '99/ZZ1/1', ubl, buyerEndpoint: '69435151530' });
      await expect(exchange.status(number.reference)).resolves.toBe('rejected');
      expect(exchange.received(number.reference)!.errors).toEqual(['BT-1 is "17/ZZ1/1", not the invoice number "99/ZZ1/1"']);

      const other = new SandboxEInvoiceExchange();
      const endpoint = await other.send({ invoiceNumber: doc.number, ubl, buyerEndpoint: '11111111119' });
      await expect(other.status(endpoint.reference)).resolves.toBe('rejected');
      expect(other.received(endpoint.reference)!.errors).toEqual(['BT-49 is "69435151530", not the endpoint "11111111119"']);

      const notUbl = await other.send({ invoiceNumber: '1/ZZ1/1', ubl: '<html>hello</html>', buyerEndpoint: 'x' });
      await expect(other.status(notUbl.reference)).resolves.toBe('rejected');
    },
    SLOW,
  );

  it(
    'answers the first reference when the same invoice is sent again, and refuses another document under its number',
    async () => {
      const exchange = new SandboxEInvoiceExchange();
      const first = await exchange.send({ invoiceNumber: doc.number, ubl, buyerEndpoint: '69435151530' });
      await expect(exchange.send({ invoiceNumber: doc.number, ubl, buyerEndpoint: '69435151530' })).resolves.toEqual(first);
      const foreign = buildUblInvoice({ ...doc, buyer: DE_BUSINESS_BUYER });
      await expect(exchange.send({ invoiceNumber: doc.number, ubl: foreign, buyerEndpoint: DE_BUSINESS_BUYER.email })).rejects.toThrow(
        EInvoiceExchangeError,
      );
    },
    SLOW,
  );

  it('does not know a reference it never issued', async () => {
    const exchange: EInvoiceExchange = new SandboxEInvoiceExchange();
    await expect(exchange.status('sandbox-unknown')).rejects.toThrow(UnknownEInvoiceReferenceError);
  });
});

describe('createEInvoiceExchange', () => {
  it('makes the sandbox for EINVOICE_EXCHANGE=sandbox and nothing for none', () => {
    expect(createEInvoiceExchange({ einvoice: { exchange: 'sandbox' } })).toBeInstanceOf(SandboxEInvoiceExchange);
    expect(createEInvoiceExchange({ einvoice: { exchange: 'none' } })).toBeNull();
  });
});
