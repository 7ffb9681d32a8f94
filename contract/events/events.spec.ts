import {
  cartBirthdayCouponIssued,
  catalogAvailabilityChanged,
  catalogOfferScheduled,
  catalogPriceChanged,
  contactMessageReceived,
  contentPublished,
  contentUnpublished,
  EVENT_NAME_PATTERN,
  type EventContract,
  identityActivationMailRequested,
  identityBirthdayCouponGranted,
  identityBirthdayDue,
  identityBusinessBuyerInvited,
  identityEmailChangeRequested,
  identityMagicLinkRequested,
  identityPasswordChanged,
  identityPasswordResetRequested,
  identityRegistrationOfKnownEmailAttempted,
  identityUserActivated,
  identityUserRegistered,
  identityNewsletterPreferenceChanged,
  newsletterConfirmationRequested,
  newsletterSubscriptionConfirmed,
  newsletterUnsubscribed,
  defineEvent,
  orderCancelled,
  orderDelivered,
  orderExpired,
  orderPaid,
  orderPaymentAbandoned,
  orderPaymentMethodChanged,
  orderPlaced,
  orderRefunded,
  orderShipped,
} from './index.js';
import { z } from 'zod';

const USER = '3f1c1b2e-8a4d-4c5e-9f00-1234567890ab';
const AT = '2026-11-24T13:45:00.000Z';

/** A valid current payload of every event (without `version`), and whether rows without `version` predate versioning. */
const samples: Array<[EventContract, Record<string, unknown>, 'versionless-is-v1' | 'version-required']> = [
  [identityUserRegistered, { userId: USER, newsletter: true, consentIp: '203.0.113.7' }, 'versionless-is-v1'],
  [identityNewsletterPreferenceChanged, { userId: USER, subscribed: true, consentIp: null, changedAt: AT }, 'version-required'],
  [newsletterConfirmationRequested, { subscriptionId: USER, requestedAt: AT }, 'version-required'],
  [newsletterSubscriptionConfirmed, { subscriptionId: USER, email: 'ana@example.com', confirmedAt: AT }, 'version-required'],
  [newsletterUnsubscribed, { subscriptionId: USER, email: 'ana@example.com', unsubscribedAt: AT }, 'version-required'],
  [identityActivationMailRequested, { email: 'ana@example.com' }, 'versionless-is-v1'],
  [identityRegistrationOfKnownEmailAttempted, { userId: USER }, 'versionless-is-v1'],
  [identityUserActivated, { userId: USER }, 'versionless-is-v1'],
  [identityMagicLinkRequested, { email: 'ana@example.com', redirect: '/en/cart', locale: 'en' }, 'versionless-is-v1'],
  [identityPasswordResetRequested, { email: 'ana@example.com', locale: 'de' }, 'versionless-is-v1'],
  [identityPasswordChanged, { userId: USER, changedAt: AT, via: 'reset' }, 'versionless-is-v1'],
  [identityEmailChangeRequested, { userId: USER, newEmail: 'new@example.com' }, 'versionless-is-v1'],
  [
    identityBusinessBuyerInvited,
    {
      email: 'b@example.com',
      companyName: 'Firma d.o.o.',
      vatNumber: null,
      companyAddress: null,
      firstName: null,
      lastName: null,
      locale: 'hr',
      invitedBy: USER,
    },
    'versionless-is-v1',
  ],
  [
    identityBirthdayCouponGranted,
    { userId: USER, couponCode: 'ROD-0A1B2C3D', percent: 10, validUntil: '2026-12-24', year: 2026 },
    'versionless-is-v1',
  ],
  [identityBirthdayDue, { userId: USER, year: 2026, date: '2026-11-24', dueAt: AT }, 'version-required'],
  [
    cartBirthdayCouponIssued,
    { userId: USER, year: 2026, couponCode: 'ROD-0A1B2C3D', percent: 10, validUntil: '2026-12-24' },
    'version-required',
  ],
  [
    catalogPriceChanged,
    { productId: 7, productCode: 'ZZ-SPAG-400', oldPriceCents: 249, newPriceCents: 269, effectiveAt: AT },
    'version-required',
  ],
  [
    contentPublished,
    {
      entryId: USER,
      type: 'recipes',
      key: 'penne-all-arrabbiata',
      locales: ['hr', 'en'],
      slugs: { hr: 'penne-ljuta', en: 'penne-arrabbiata' },
      effectiveAt: AT,
    },
    'version-required',
  ],
  [
    contentUnpublished,
    { entryId: USER, type: 'pages', key: 'privacy-policy', locales: ['de'], slugs: { de: 'privacy-policy' }, effectiveAt: AT },
    'version-required',
  ],
  [
    catalogOfferScheduled,
    { productId: 7, productCode: 'ZZ-SPAG-400', offerId: 3, priceCents: 199, startsAt: AT, endsAt: AT },
    'version-required',
  ],
  [
    catalogAvailabilityChanged,
    {
      productId: 7,
      productCode: 'ZZ-SPAG-400',
      oldStock: 1,
      newStock: 0,
      oldAvailability: 'available',
      newAvailability: 'soon_available_again',
      effectiveAt: AT,
    },
    'version-required',
  ],
  [
    orderPlaced,
    {
      orderId: USER,
      orderNumber: 'ZZ-2026-000123',
      userId: null,
      email: 'ana@example.com',
      locale: 'hr',
      paymentMethod: 'cod',
      total: 2629,
      placedAt: AT,
    },
    'version-required',
  ],
  [
    orderShipped,
    {
      orderId: USER,
      orderNumber: 'ZZ-2026-000123',
      trackingNumber: 'RR123456789HR',
      locale: 'de',
      shippedAt: AT,
      actor: 'operater@zlatnozrno.test',
    },
    'version-required',
  ],
  [
    orderDelivered,
    { orderId: USER, orderNumber: 'ZZ-2026-000123', deliveredAt: AT, actor: 'operater@zlatnozrno.test' },
    'version-required',
  ],
  [
    orderCancelled,
    {
      orderId: USER,
      orderNumber: 'ZZ-2026-000123',
      paymentMethod: 'card',
      refunded: true,
      cancelledAt: AT,
      actor: 'operater@zlatnozrno.test',
      cancelledBy: 'operator',
    },
    'version-required',
  ],
  [orderPaid, { orderId: USER, orderNumber: 'ZZ-2026-000123', paymentMethod: 'card', total: 2629, paidAt: AT }, 'version-required'],
  [orderPaymentAbandoned, { orderId: USER, orderNumber: 'ZZ-2026-000123', placedAt: AT }, 'version-required'],
  [orderExpired, { orderId: USER, orderNumber: 'ZZ-2026-000123', placedAt: AT, expiredAt: AT }, 'version-required'],
  [
    orderRefunded,
    { orderId: USER, orderNumber: 'ZZ-2026-000123', amount: 2629, method: 'cod', refundedAt: AT, actor: 'operater@zlatnozrno.test' },
    'version-required',
  ],
  [contactMessageReceived, { messageId: USER, locale: 'sl', receivedAt: AT }, 'version-required'],
  [
    orderPaymentMethodChanged,
    { orderId: USER, orderNumber: 'ZZ-2026-000123', from: 'card', to: 'cod', locale: 'hr', total: 2629, changedAt: AT },
    'version-required',
  ],
];

describe('event contracts', () => {
  it('names every event once, <module>.<what-happened>', () => {
    const names = samples.map(([c]) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(EVENT_NAME_PATTERN);
  });

  describe.each(samples.map(([c, payload, legacy]) => [c.name, c, payload, legacy] as const))('%s', (_name, contract, payload, legacy) => {
    it('parses its current version', () => {
      expect(contract.version).toBe(1);
      expect(contract.schema.parse({ ...payload, version: contract.version })).toEqual({ ...payload, version: 1 });
    });

    it.each([0, 2, 99, '1', null])('refuses the unknown version %j', (version) => {
      expect(contract.schema.safeParse({ ...payload, version }).success).toBe(false);
    });

    it(
      legacy === 'versionless-is-v1'
        ? 'reads a payload of the previous release (no version) as version 1'
        : 'refuses a payload without version',
      () => {
        const parsed = contract.schema.safeParse(payload);
        if (legacy === 'versionless-is-v1') expect(parsed).toMatchObject({ success: true, data: { ...payload, version: 1 } });
        else expect(parsed.success).toBe(false);
      },
    );

    it('refuses a payload missing a field, and one that is not an object', () => {
      const [first] = Object.keys(payload);
      const { [first]: _dropped, ...rest } = payload;
      expect(contract.schema.safeParse({ ...rest, version: 1 }).success).toBe(false);
      expect(contract.schema.safeParse('payload').success).toBe(false);
      expect(contract.schema.safeParse(null).success).toBe(false);
    });
  });

  it('checks field values, not just their presence', () => {
    const due = { version: 1, userId: USER, year: 2026, date: '2026-11-24', dueAt: AT };
    expect(identityBirthdayDue.schema.safeParse({ ...due, userId: 'nobody' }).success).toBe(false);
    expect(identityBirthdayDue.schema.safeParse({ ...due, date: '24.11.2026.' }).success).toBe(false);
    expect(identityBirthdayDue.schema.safeParse({ ...due, dueAt: 'yesterday' }).success).toBe(false);
    expect(identityBirthdayDue.schema.safeParse({ ...due, year: 2026.5 }).success).toBe(false);
    const price = { version: 1, productId: 7, productCode: 'ZZ-SPAG-400', oldPriceCents: 249, newPriceCents: 269, effectiveAt: AT };
    expect(catalogPriceChanged.schema.safeParse({ ...price, newPriceCents: 0 }).success).toBe(false);
    expect(catalogPriceChanged.schema.safeParse({ ...price, newPriceCents: 2.5 }).success).toBe(false);
    expect(catalogPriceChanged.schema.safeParse({ ...price, productCode: '' }).success).toBe(false);
    expect(identityPasswordChanged.schema.safeParse({ version: 1, userId: USER, changedAt: AT, via: 'guess' }).success).toBe(false);
    const placed = {
      version: 1,
      orderId: USER,
      orderNumber: 'ZZ-2026-000123',
      userId: USER,
      email: 'a@example.com',
      locale: 'en',
      paymentMethod: 'card',
      total: 100,
      placedAt: AT,
    };
    expect(orderPlaced.schema.safeParse(placed).success).toBe(true);
    expect(orderPlaced.schema.safeParse({ ...placed, orderNumber: 'ZZ-26-1' }).success).toBe(false);
    expect(orderPlaced.schema.safeParse({ ...placed, paymentMethod: 'cash' }).success).toBe(false);
    expect(orderPlaced.schema.safeParse({ ...placed, locale: 'fr' }).success).toBe(false);
    expect(orderPlaced.schema.safeParse({ ...placed, total: -1 }).success).toBe(false);
  });

  it("reads an order.cancelled from before cancelledBy as an operator's, and knows only operator and buyer", () => {
    const cancelled = {
      version: 1,
      orderId: USER,
      orderNumber: 'ZZ-2026-000123',
      paymentMethod: 'cod',
      refunded: false,
      cancelledAt: AT,
      actor: 'a@b.hr',
    };
    expect(orderCancelled.schema.parse(cancelled)).toMatchObject({ cancelledBy: 'operator' });
    expect(orderCancelled.schema.parse({ ...cancelled, cancelledBy: 'buyer' })).toMatchObject({ cancelledBy: 'buyer' });
    expect(orderCancelled.schema.safeParse({ ...cancelled, cancelledBy: 'robot' }).success).toBe(false);
    const refunded = {
      version: 1,
      orderId: USER,
      orderNumber: 'ZZ-2026-000123',
      amount: 100,
      method: 'card',
      refundedAt: AT,
      actor: 'a@b.hr',
    };
    expect(orderRefunded.schema.safeParse({ ...refunded, amount: 0 }).success).toBe(false);
    expect(orderRefunded.schema.safeParse({ ...refunded, method: 'cash' }).success).toBe(false);
  });

  it('reads a registration of the previous release (no newsletter fields) as one without the tick', () => {
    expect(identityUserRegistered.schema.parse({ userId: USER })).toEqual({ version: 1, userId: USER, newsletter: false, consentIp: null });
    expect(identityUserRegistered.schema.safeParse({ version: 1, userId: USER, newsletter: 'yes' }).success).toBe(false);
  });

  it('reads optional invitation fields that are missing as null', () => {
    expect(
      identityBusinessBuyerInvited.schema.parse({
        version: 1,
        email: 'b@example.com',
        companyName: 'Firma',
        locale: 'hr',
        invitedBy: USER,
      }),
    ).toEqual({
      version: 1,
      email: 'b@example.com',
      companyName: 'Firma',
      vatNumber: null,
      companyAddress: null,
      firstName: null,
      lastName: null,
      locale: 'hr',
      invitedBy: USER,
    });
  });

  it('refuses a malformed event name', () => {
    expect(() => defineEvent('Identity.UserRegistered', 1, z.object({ version: z.literal(1) }))).toThrow(/must look like/);
    expect(() => defineEvent('registered', 1, z.object({ version: z.literal(1) }))).toThrow(/must look like/);
  });
});
