/**
 * The dashboard's figures (docs/admin.md 'Dashboard'): pure, from the API's answer, so it is rendered
 * in unit tests as it is in the browser. Every figure links to where its work is done: today's
 * server-rendered pages (full page loads) with the filter that shows that work.
 */
import type { TFunction } from 'i18next';
import type { AdminDashboard } from '../../../contract/api/admin-dashboard';
import { formatEuro } from '../../../contract/money';
import { LOCALE_TAGS } from '../../../contract/locales';
import type { AdminLanguage } from '../i18n';
import { OrdersChart } from './orders-chart';

/** Where each figure's work is done. */
export const WORK_LINKS = {
  toShip: '/admin/orders?status=placed',
  cardPending: '/admin/orders?payment_method=card&payment_status=awaiting_payment',
  failedJobs: '/admin/queues',
  unfiscalizedPending: '/admin/invoices?fiscal_state=pending',
  unfiscalizedRejected: '/admin/invoices?fiscal_state=rejected',
  orders: '/admin/orders',
} as const;

function Period({
  title,
  orders,
  revenue,
  language,
  t,
}: {
  title: string;
  orders: number;
  revenue?: number;
  language: AdminLanguage;
  t: TFunction;
}) {
  return (
    <section className="card" aria-labelledby={`period-${title}`}>
      <h2 id={`period-${title}`}>{title}</h2>
      <p className="figure">
        <a href={WORK_LINKS.orders}>{t('dashboard.orders', { count: orders })}</a>
      </p>
      {revenue !== undefined ? (
        <p>
          {t('dashboard.revenue')}: <strong>{formatEuro(revenue, language)}</strong>
        </p>
      ) : null}
    </section>
  );
}

function Work({ id, title, hint, count, href }: { id: string; title: string; hint: string; count: number; href: string }) {
  return (
    <li className={`card work${count > 0 ? ' attention' : ''}`}>
      <a href={href} aria-describedby={`${id}-hint`}>
        <span className="figure">{count}</span> <span className="work-title">{title}</span>
      </a>
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
    </li>
  );
}

export function DashboardView({ data, language, t }: { data: AdminDashboard; language: AdminLanguage; t: TFunction }) {
  const time = new Intl.DateTimeFormat(LOCALE_TAGS[language], { dateStyle: 'medium', timeStyle: 'short', timeZone: data.time_zone }).format(
    new Date(data.generated_at),
  );
  const unfiscalized = data.invoices_unfiscalized;
  const lowStock = data.low_stock;
  return (
    <>
      <h1>{t('dashboard.title')}</h1>
      <p className="hint">{t('dashboard.updated', { time })}</p>
      <div className="periods">
        <Period title={t('dashboard.today')} orders={data.today.orders} revenue={data.today.revenue} language={language} t={t} />
        <Period title={t('dashboard.week')} orders={data.week.orders} revenue={data.week.revenue} language={language} t={t} />
      </div>
      <OrdersChart days={data.week.days} language={language} t={t} />
      <h2>{t('dashboard.work')}</h2>
      <ul className="work-list">
        <Work id="to-ship" title={t('dashboard.toShip')} hint={t('dashboard.toShipHint')} count={data.to_ship} href={WORK_LINKS.toShip} />
        <Work
          id="card-pending"
          title={t('dashboard.cardPending')}
          hint={t('dashboard.cardPendingHint')}
          count={data.card_payments_pending}
          href={WORK_LINKS.cardPending}
        />
        {data.failed_jobs === null ? (
          <li className="card work attention">
            <a href={WORK_LINKS.failedJobs}>
              <span className="work-title">{t('dashboard.failedJobs')}</span>
            </a>
            <p className="hint">{t('dashboard.failedJobsUnknown')}</p>
          </li>
        ) : (
          <Work
            id="failed-jobs"
            title={t('dashboard.failedJobs')}
            hint={t('dashboard.failedJobsHint')}
            count={data.failed_jobs}
            href={WORK_LINKS.failedJobs}
          />
        )}
        <li className={`card work${unfiscalized.pending + unfiscalized.rejected > 0 ? ' attention' : ''}`}>
          <h3 className="work-title">
            <span className="figure">{unfiscalized.pending + unfiscalized.rejected}</span> {t('dashboard.unfiscalized')}
          </h3>
          <ul className="links">
            <li>
              <a href={WORK_LINKS.unfiscalizedPending}>{t('dashboard.unfiscalizedPending', { count: unfiscalized.pending })}</a>
            </li>
            <li>
              <a href={WORK_LINKS.unfiscalizedRejected}>{t('dashboard.unfiscalizedRejected', { count: unfiscalized.rejected })}</a>
            </li>
          </ul>
        </li>
      </ul>
      <section className="card low-stock" aria-labelledby="low-stock-title">
        <h2 id="low-stock-title">
          {t('dashboard.lowStock')}: <span className="figure">{lowStock.count}</span>
        </h2>
        <p className="hint">{t('dashboard.lowStockHint', { threshold: lowStock.threshold })}</p>
        {lowStock.count === 0 ? (
          <p>{t('dashboard.lowStockNone')}</p>
        ) : (
          <ul>
            {lowStock.products.map((p) => (
              <li key={p.code}>
                {p.name} <span className="mono">{p.code}</span>: <strong>{t('dashboard.packs', { count: p.stock })}</strong>
              </li>
            ))}
            {lowStock.count > lowStock.products.length ? (
              <li>{t('dashboard.lowStockMore', { count: lowStock.count - lowStock.products.length })}</li>
            ) : null}
          </ul>
        )}
      </section>
    </>
  );
}
