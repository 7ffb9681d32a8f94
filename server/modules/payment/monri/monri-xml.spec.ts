import { buildErrorsXml, buildXml, MAX_XML_BYTES, parseXml } from './monri-xml.js';

describe('Monri XML documents', () => {
  it('writes dasherized names and escaped values, and reads them back', () => {
    const xml = buildXml('transaction', { order_number: 'ZZ-1', amount: 500, note: `<a & "b">` });
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><transaction><order-number>ZZ-1</order-number><amount>500</amount><note>&lt;a &amp; &quot;b&quot;&gt;</note></transaction>',
    );
    expect(parseXml(xml)).toEqual({
      root: 'transaction',
      fields: { 'order-number': 'ZZ-1', amount: '500', note: '<a & "b">' },
      errors: [],
    });
  });

  it("reads Monri's pretty-printed answers and its <errors> documents", () => {
    expect(
      parseXml(
        '<?xml version="1.0"?>\n<transaction>\n  <status>approved</status>\n  <response-code>0000</response-code>\n</transaction>\n',
      ),
    ).toEqual({
      root: 'transaction',
      fields: { status: 'approved', 'response-code': '0000' },
      errors: [],
    });
    expect(parseXml(buildErrorsXml(['one', 'two & three']))).toMatchObject({ root: 'errors', errors: ['one', 'two & three'] });
    // leading zeros and long digit strings stay text (no number parsing)
    expect(parseXml('<order><response-code>0000</response-code><amount>000123</amount></order>')?.fields).toEqual({
      'response-code': '0000',
      amount: '000123',
    });
  });

  it('refuses what is not one plain document: DOCTYPEs and entities, two roots, text roots, junk, oversize', () => {
    for (const bad of [
      '',
      'not xml',
      '<!DOCTYPE order [<!ENTITY x "y">]><order><a>&x;</a></order>',
      '<?xml version="1.0"?><!doctype order SYSTEM "http://evil/x.dtd"><order/>',
      '<a>1</a><b>2</b>',
      '<order>just text</order>',
      '<order><a>1</order>',
      `<order><a>${'x'.repeat(MAX_XML_BYTES)}</a></order>`,
    ]) {
      expect([bad.slice(0, 40), parseXml(bad)]).toEqual([bad.slice(0, 40), undefined]);
    }
  });
});
