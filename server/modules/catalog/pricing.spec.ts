import { appliedPriceAt, discountPercent, lowestPriorPrice, pricePerKg, regularPriceAt } from './pricing.js';

const NOW = new Date('2026-05-01T12:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

describe('Omnibus: lowest price in the 30 days before the reduction', () => {
  it('takes the price in force at the window start when the price was raised inside the window', () => {
    const history = [
      { amountCents: 219, validFrom: ago(60) },
      { amountCents: 249, validFrom: ago(20) },
    ];
    expect(lowestPriorPrice(history, [], NOW)).toBe(219);
    expect(discountPercent(219, 199)).toBe(9);
  });

  it('ignores a lower price that ended before the window', () => {
    const history = [
      { amountCents: 150, validFrom: ago(90) },
      { amountCents: 249, validFrom: ago(31) },
    ];
    expect(lowestPriorPrice(history, [], NOW)).toBe(249);
  });

  it('counts an earlier offer inside the window, but not one that ended before it', () => {
    const history = [{ amountCents: 349, validFrom: ago(90) }];
    const inside = { priceCents: 299, startsAt: ago(25), endsAt: ago(18) };
    const before = { priceCents: 199, startsAt: ago(50), endsAt: ago(31) };
    expect(lowestPriorPrice(history, [inside, before], NOW)).toBe(299);
    expect(lowestPriorPrice(history, [before], NOW)).toBe(349);
  });

  it('counts an offer that started before the window and ran into it', () => {
    const history = [{ amountCents: 349, validFrom: ago(90) }];
    expect(lowestPriorPrice(history, [{ priceCents: 259, startsAt: ago(40), endsAt: ago(29) }], NOW)).toBe(259);
  });

  it('excludes the reduction itself and prices after its start', () => {
    const history = [
      { amountCents: 300, validFrom: ago(10) },
      { amountCents: 100, validFrom: ago(-1) },
    ];
    expect(lowestPriorPrice(history, [{ priceCents: 50, startsAt: NOW, endsAt: ago(-5) }], NOW)).toBe(300);
  });

  it('uses only the time with a price when there is no history before the window, and null with none at all', () => {
    expect(lowestPriorPrice([{ amountCents: 280, validFrom: ago(5) }], [], NOW)).toBe(280);
    expect(lowestPriorPrice([{ amountCents: 280, validFrom: ago(-1) }], [], NOW)).toBeNull();
  });

  it('counts a lowered-then-raised price', () => {
    const history = [
      { amountCents: 300, validFrom: ago(100) },
      { amountCents: 240, validFrom: ago(15) },
      { amountCents: 320, validFrom: ago(5) },
    ];
    expect(lowestPriorPrice(history, [], NOW)).toBe(240);
  });
});

describe('price rules', () => {
  it('applies the running offer and the regular price otherwise', () => {
    const history = [{ amountCents: 249, validFrom: ago(10) }];
    const offers = [{ priceCents: 199, startsAt: ago(2), endsAt: ago(-2) }];
    expect(appliedPriceAt(history, offers, NOW)).toBe(199);
    expect(appliedPriceAt(history, offers, ago(3))).toBe(249);
    expect(appliedPriceAt(history, offers, ago(-2))).toBe(249);
    expect(regularPriceAt(history, ago(11))).toBeNull();
  });

  it('rounds discount and unit price half up', () => {
    expect(discountPercent(200, 199)).toBe(1); // 0.5 % -> 1
    expect(discountPercent(300, 299)).toBe(0); // 0.33 %
    expect(discountPercent(null, 100)).toBeNull();
    expect(discountPercent(100, 120)).toBe(0);
    expect(pricePerKg(249, 400)).toBe(623); // 622.5 -> 623
    expect(pricePerKg(499, 1000)).toBe(499);
    expect(pricePerKg(199, 300)).toBe(663); // 663.33
  });
});
