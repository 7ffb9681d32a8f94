import {
  callbackDigest,
  digestsEqual,
  formDigest,
  orderStatusDigest,
  refundDigest,
  returnParameters,
  sha1DigestsEqual,
  sha512Hex,
  signReturnUrl,
  splitReturnDigest,
  transactionDigest,
} from './monri-digest.js';

// Vectors computed independently with coreutils, e.g.
//   printf '%s' 'test-key-123ZZ-2026-0001231250EUR' | sha512sum
const KEY = 'test-key-123';
const FORM_VECTOR =
  '2d0909297a28bb9963d7faf89a06b7d7a8ebbe4863d9e900435045ad1e472350a13449bef0fb856e714123b56aab3d30fde88ddc1f882eae504b9fa454f0a997';
const CALLBACK_BODY =
  '{"id":"abc","order_number":"ZZ-2026-000123","amount":1250,"currency":"EUR","status":"approved","response_code":"0000"}';
const CALLBACK_VECTOR =
  '57a77f644867c6a14c7a15df103ab1184b99f282706a3ad3aaf8754218a362e642b86af1ccb08d1d33e98ffd4f8dd36450eee9389f9ad993cac1ed65f389b7c7';
const RETURN_URL =
  'https://shop.example/hr/placanje/uspjeh?acquirer=sandbox&amount=1250&currency=EUR&language=hr&order_number=ZZ-2026-000123&response_code=0000';
const RETURN_VECTOR =
  '6c6743b5b07897a0bdadd2fc8a4c97634e770e7348d21fc1149907c80557b80883000ec27917db08b9a8bafc454c1a973a76fb8dd7872bc9bdacd61e5748be71';
// sha1sum of the same concatenations
const STATUS_VECTOR = '01ec8c3bf96247d1c67e55a82e8f1feb3542260c';
const REFUND_VECTOR = 'f218c98de4f02a379175e7a5339bdc095aeb565f';
// printf '%s' 'test-key-123ZZ-2026-000123_21250EUR' | sha1sum  (capture, void and refund of an attempt reference)
const TRANSACTION_VECTOR = 'c27418e6c225f4233625962a98eb27341a30d82b';
// printf '%s' "test-key-123$RETURN_PATH_URL" | sha512sum
const RETURN_PATH_URL =
  'https://shop.example/api/payments/return/ZZ-2026-000123_2/success?acquirer=sandbox&amount=1250&currency=EUR&language=hr&order_number=ZZ-2026-000123_2&response_code=0000';
const RETURN_PATH_VECTOR =
  'a61601d7721c3072cd707c1aa84ae7c7e7e207ca329517b7c38b95334792ef0b0121e4034adce7ddb63cc5b9c07d5a8098f86e3b1ce759614c80957d16d99a3b';
// printf '%s' 'ključ-čZZ-1100EUR' | sha512sum  (UTF-8 key)
const UTF8_VECTOR =
  'e0bbc58292f37b0e6af42c4ac393bbdab6877038d34131318b1fa159c08ea06d9a490a99dfb2aed077d626070813158c44c2c635f78b36c26f7bf4310b83bdca';

describe('Monri digests against fixed vectors', () => {
  it('signs the form: SHA-512(key + order_number + amount + currency), amount as integer cents', () => {
    expect(formDigest(KEY, 'ZZ-2026-000123', 1250, 'EUR')).toBe(FORM_VECTOR);
    expect(formDigest(KEY, 'ZZ-2026-000123', '1250', 'EUR')).toBe(FORM_VECTOR);
    expect(formDigest(KEY, 'ZZ-2026-000123', 1251, 'EUR')).not.toBe(FORM_VECTOR);
    expect(formDigest('ključ-č', 'ZZ-1', 100, 'EUR')).toBe(UTF8_VECTOR);
  });

  it('signs the callback: SHA-512(key + raw body), string or bytes alike', () => {
    expect(callbackDigest(KEY, CALLBACK_BODY)).toBe(CALLBACK_VECTOR);
    expect(callbackDigest(KEY, Buffer.from(CALLBACK_BODY, 'utf8'))).toBe(CALLBACK_VECTOR);
    expect(callbackDigest(KEY, `${CALLBACK_BODY} `)).not.toBe(CALLBACK_VECTOR);
  });

  it('signs capture, void and refund alike: SHA-1(key + order_number + amount + currency)', () => {
    expect(transactionDigest(KEY, 'ZZ-2026-000123_2', 1250, 'EUR')).toBe(TRANSACTION_VECTOR);
    expect(refundDigest(KEY, 'ZZ-2026-000123_2', '1250', 'EUR')).toBe(TRANSACTION_VECTOR);
  });

  it("signs a return as Monri builds it: the path URL, '?' and its parameters, then the digest", () => {
    const base = RETURN_PATH_URL.slice(0, RETURN_PATH_URL.indexOf('?'));
    const params = new URLSearchParams(RETURN_PATH_URL.slice(RETURN_PATH_URL.indexOf('?') + 1));
    expect(signReturnUrl(KEY, base, params)).toBe(`${RETURN_PATH_URL}&digest=${RETURN_PATH_VECTOR}`);
    expect(splitReturnDigest(`${RETURN_PATH_URL}&digest=${RETURN_PATH_VECTOR}`)).toEqual({
      signed: RETURN_PATH_URL,
      digest: RETURN_PATH_VECTOR,
    });
    // a second '?' (an override with a query of its own) separates parameters like '&'
    expect(Object.fromEntries(returnParameters('https://x/p?order=A&token=t?acquirer=s&order_number=A_1'))).toEqual({
      order: 'A',
      token: 't',
      acquirer: 's',
      order_number: 'A_1',
    });
  });

  it('signs the return URL: SHA-512(key + the URL without its digest), digest appended last', () => {
    expect(signReturnUrl(KEY, RETURN_URL)).toBe(`${RETURN_URL}&digest=${RETURN_VECTOR}`);
    expect(splitReturnDigest(`${RETURN_URL}&digest=${RETURN_VECTOR}`)).toEqual({ signed: RETURN_URL, digest: RETURN_VECTOR });
    // Wherever the digest parameter stands, the rest keeps its order and encoding.
    const [base, query] = RETURN_URL.split('?');
    expect(splitReturnDigest(`${base}?digest=${RETURN_VECTOR}&${query}`)).toEqual({ signed: RETURN_URL, digest: RETURN_VECTOR });
    expect(splitReturnDigest(RETURN_URL)).toBeUndefined();
    expect(splitReturnDigest(`${RETURN_URL}&digest=a&digest=b`)).toBeUndefined();
    expect(sha512Hex(`${KEY}${RETURN_URL}`)).toBe(RETURN_VECTOR);
  });

  it('signs the transaction-management calls with SHA-1: order status (key + order_number), refund (key + order_number + amount + currency)', () => {
    expect(orderStatusDigest(KEY, 'ZZ-2026-000123')).toBe(STATUS_VECTOR);
    expect(refundDigest(KEY, 'ZZ-2026-000123', 1250, 'EUR')).toBe(REFUND_VECTOR);
    expect(refundDigest(KEY, 'ZZ-2026-000123', '1250', 'EUR')).toBe(REFUND_VECTOR);
    expect(sha1DigestsEqual(STATUS_VECTOR, STATUS_VECTOR.toUpperCase())).toBe(true);
    expect(sha1DigestsEqual(STATUS_VECTOR, REFUND_VECTOR)).toBe(false);
    expect(sha1DigestsEqual(STATUS_VECTOR, STATUS_VECTOR.slice(0, 39))).toBe(false);
    expect(sha1DigestsEqual(STATUS_VECTOR, FORM_VECTOR)).toBe(false);
    expect(sha1DigestsEqual(STATUS_VECTOR, undefined)).toBe(false);
  });

  it('compares digests in constant time, refusing anything that is not 128 hex digits', () => {
    expect(digestsEqual(FORM_VECTOR, FORM_VECTOR)).toBe(true);
    expect(digestsEqual(FORM_VECTOR, FORM_VECTOR.toUpperCase())).toBe(true);
    expect(digestsEqual(FORM_VECTOR, CALLBACK_VECTOR)).toBe(false);
    expect(digestsEqual(FORM_VECTOR, FORM_VECTOR.slice(0, 127))).toBe(false);
    expect(digestsEqual(FORM_VECTOR, `${FORM_VECTOR.slice(0, 127)}g`)).toBe(false);
    expect(digestsEqual(FORM_VECTOR, undefined)).toBe(false);
    expect(digestsEqual(FORM_VECTOR, '')).toBe(false);
  });
});
