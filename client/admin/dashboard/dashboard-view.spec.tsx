import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AdminDashboard } from '../../../contract/api/admin-dashboard';
import { createAdminI18n, type AdminLanguage } from '../i18n';
import { DashboardView, WORK_LINKS } from './dashboard-view';
import { OrdersChart, weekday } from './orders-chart';

const DAYS = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
const ORDERS = [0, 2, 5, 1, 0, 0, 0];
const REVENUE = [0, 1890, 12345, 450, 0, 0, 0];

function figures(withRevenue: boolean): AdminDashboard {
  const days = DAYS.map((date, i) => (withRevenue ? { date, orders: ORDERS[i]!, revenue: REVENUE[i]! } : { date, orders: ORDERS[i]! }));
  return {
    generated_at: '2026-11-25T09:15:00.000Z',
    time_zone: 'Europe/Zagreb',
    today: days[2]!,
    week: { from: DAYS[0]!, to: DAYS[6]!, orders: 8, ...(withRevenue ? { revenue: 14685 } : {}), days },
    to_ship: 3,
    card_payments_pending: 1,
    low_stock: { count: 12, products: [{ code: 'ZZ-SPAG-400', name: 'Špageti', stock: 0, threshold: 5 }] },
    failed_jobs: 2,
    invoices_unfiscalized: { pending: 4, rejected: 1 },
    revenue_visible: withRevenue,
  };
}

const render = (language: AdminLanguage, data: AdminDashboard, role = 'admin') =>
  renderToStaticMarkup(<DashboardView data={data} role={role} language={language} t={createAdminI18n(language).t} />);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the dashboard', () => {
  it('in Croatian: the periods with their revenue in euro, the work waiting and where it is done', () => {
    const html = render('hr', figures(true));
    const words = text(html);
    expect(words).toContain('Pregled');
    expect(words).toContain('Danas 5 narudžbi Promet: 123,45 €');
    expect(words).toContain('Ovaj tjedan 8 narudžbi Promet: 146,85 €');
    expect(words).toContain('3 Za slanje');
    expect(words).toContain('1 Plaćanja karticom na čekanju');
    expect(words).toContain('2 Neuspjeli poslovi');
    expect(words).toContain('Čekaju Poreznu upravu: 4');
    expect(words).toContain('Porezna uprava odbila: 1');
    expect(words).toContain('Malo na zalihi: 12');
    expect(words).toContain('Špageti ZZ-SPAG-400 : 0 pak.');
    expect(words).toContain('i još 11');
    for (const href of Object.values(WORK_LINKS)) expect(html).toContain(`href="${href.replace(/&/g, '&amp;')}"`);
  });

  it('in English, the same figures in English words and money', () => {
    const words = text(render('en', figures(true)));
    expect(words).toContain('Today 5 orders Revenue: €123.45');
    expect(words).toContain('This week 8 orders Revenue: €146.85');
    expect(words).toContain('3 To ship');
    expect(words).toContain('Low stock: 12');
    expect(words).not.toMatch(/narudžb/);
  });

  it('for staff (no revenue in the answer): counts only, no amount anywhere, no link to a page they cannot open', () => {
    const html = render('hr', figures(false), 'staff');
    expect(html).toContain('href="/admin/orders');
    expect(html).not.toContain('href="/admin/queues');
    expect(text(html)).toContain('3 Za slanje');
    expect(html).not.toContain('€');
    expect(text(html)).not.toContain('Promet');
    expect(text(html)).toContain('Danas 5 narudžbi');
  });

  it('says when the queues did not answer instead of showing a number', () => {
    const words = text(render('en', { ...figures(true), failed_jobs: null }));
    expect(words).toContain('The job queues did not answer.');
  });

  it("low stock: each product against its own threshold, and the link to the list's 'low stock' view", () => {
    const html = renderToStaticMarkup(
      <DashboardView
        data={figures(true)}
        role="staff"
        language="hr"
        t={createAdminI18n('hr').t}
        lowStockLink={(children) => <a href="/admin/products?low_stock=true">{children}</a>}
      />,
    );
    const words = text(html);
    expect(words).toContain('Špageti ZZ-SPAG-400 : 0 pak. (prag 5)');
    expect(words).toContain('Proizvodi na ili ispod vlastitog praga zalihe');
    expect(html).toContain('<a href="/admin/products?low_stock=true">Otvori popis: malo na zalihi</a>');
    expect(text(render('en', figures(true)))).toContain('Špageti ZZ-SPAG-400 : 0 packs (threshold 5)');
  });

  it('nothing low: says so', () => {
    const words = text(render('en', { ...figures(true), low_stock: { count: 0, products: [] } }));
    expect(words).toContain('No product is running low.');
  });
});

describe("the chart of the week's orders", () => {
  const chart = (language: AdminLanguage, withRevenue: boolean) =>
    renderToStaticMarkup(<OrdersChart days={figures(withRevenue).week.days} language={language} t={createAdminI18n(language).t} />);

  it('draws a bar per day for the eye, hidden from screen readers, and gives them the same figures as a table', () => {
    const html = chart('en', true);
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"/);
    expect((html.match(/<rect /g) ?? []).length).toBe(7);
    expect(html).toContain('<figcaption id="orders-chart-title">Orders per day this week</figcaption>');
    expect(html).toContain('<table class="visually-hidden" aria-labelledby="orders-chart-title">');
    expect(html).toContain('<th scope="col">Day</th><th scope="col">Orders</th><th scope="col">Revenue</th>');
    const rows = [...html.matchAll(/<tr><th scope="row">([^<]+)<\/th><td>(\d+)<\/td><td>([^<]+)<\/td><\/tr>/g)].map((m) => [
      m[1],
      m[2],
      m[3],
    ]);
    expect(rows).toHaveLength(7);
    expect(rows[0]![0]).toMatch(/Monday/);
    expect(rows[2]).toEqual([expect.stringMatching(/Wednesday/), '5', '€123.45']);
    // The tallest bar is the busiest day.
    const heights = [...html.matchAll(/<rect [^>]*height="(\d+)"/g)].map((m) => Number(m[1]));
    expect(Math.max(...heights)).toBe(heights[2]);
    expect(heights[0]).toBe(0);
  });

  it('in Croatian, without a revenue column for staff', () => {
    const html = chart('hr', false);
    expect(html).toContain('Narudžbe po danima ovog tjedna');
    expect(html).not.toContain('Promet');
    expect(html).toMatch(/<th scope="row">ponedjeljak/);
    expect(weekday('2026-11-23', 'hr')).toMatch(/^pon/);
    expect(weekday('2026-11-23', 'en')).toBe('Mon');
  });
});
