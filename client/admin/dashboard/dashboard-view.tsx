/**
 * The dashboard's figures (docs/admin.md 'Dashboard'): pure, from the API's answer, so it is rendered
 * in unit tests as it is in the browser. Every figure links to where its work is done: today's
 * server-rendered pages (full page loads) with the filter that shows that work, when the person's
 * role may open them (today those pages are for role admin: staff see the figures without links).
 */
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { AdminDashboard } from '../../../contract/api/admin-dashboard';
import { formatEuro } from '../../../contract/money';
import { LOCALE_TAGS } from '../../../contract/locales';
import type { AdminLanguage } from '../i18n';
import { mayOpen } from '../frame/frame-view';
import { OrdersChart } from './orders-chart';

/** Where each figure's work is done. */
export const WORK_LINKS = {
  toShip: '/admin/orders?view=to_ship',
  cardPending: '/admin/orders?view=card_pending',
  failedJobs: '/admin/queues',
  unfiscalizedPending: '/admin/invoices?fiscal_state=pending',
  unfiscalizedRejected: '/admin/invoices?fiscal_state=rejected',
  orders: '/admin/orders',
} as const;

/** A link to where the work is done, or its words alone when the person's role cannot open that page. */
function WorkLink({ href, role, children }: { href: string; role: string | undefined; children: ReactNode }) {
  return mayOpen(href, role) ? <a href={href}>{children}</a> : <>{children}</>;
}

function Period({
  title,
  orders,
  revenue,
  role,
  language,
  t,
}: {
  title: string;
  orders: number;
  revenue?: number;
  role: string | undefined;
  language: AdminLanguage;
  t: TFunction;
}) {
  return (
    <section className="card" aria-labelledby={`period-${title}`}>
      <h2 id={`period-${title}`}>{title}</h2>
      <p className="figure">
        <WorkLink href={WORK_LINKS.orders} role={role}>
          {t('dashboard.orders', { count: orders })}
        </WorkLink>
      </p>
      {revenue !== undefined ? (
        <p>
          {t('dashboard.revenue')}: <strong>{formatEuro(revenue, language)}</strong>
        </p>
      ) : null}
    </section>
  );
}

function Work({
  id,
  title,
  hint,
  count,
  href,
  role,
}: {
  id: string;
  title: string;
  hint: string;
  count: number;
  href: string;
  role: string | undefined;
}) {
  const figure = (
    <>
      <span className="figure">{count}</span> <span className="work-title">{title}</span>
    </>
  );
  return (
    <li className={`card work${count > 0 ? ' attention' : ''}`}>
      {mayOpen(href, role) ? (
        <a href={href} aria-describedby={`${id}-hint`}>
          {figure}
        </a>
      ) : (
        <p className="work-plain">{figure}</p>
      )}
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
    </li>
  );
}

export function DashboardView({
  data,
  role,
  language,
  t,
  lowStockLink,
}: {
  data: AdminDashboard;
  role: string | undefined;
  language: AdminLanguage;
  t: TFunction;
  /** The link to the products list's 'low stock' view (the router's Link in the app). */
  lowStockLink?: (children: ReactNode) => ReactNode;
}) {
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
        <Period
          title={t('dashboard.today')}
          orders={data.today.orders}
          revenue={data.today.revenue}
          role={role}
          language={language}
          t={t}
        />
        <Period title={t('dashboard.week')} orders={data.week.orders} revenue={data.week.revenue} role={role} language={language} t={t} />
      </div>
      <OrdersChart days={data.week.days} language={language} t={t} />
      <h2>{t('dashboard.work')}</h2>
      <ul className="work-list">
        <Work
          id="to-ship"
          title={t('dashboard.toShip')}
          hint={t('dashboard.toShipHint')}
          count={data.to_ship}
          href={WORK_LINKS.toShip}
          role={role}
        />
        <Work
          id="card-pending"
          title={t('dashboard.cardPending')}
          hint={t('dashboard.cardPendingHint')}
          count={data.card_payments_pending}
          href={WORK_LINKS.cardPending}
          role={role}
        />
        {data.failed_jobs === null ? (
          <li className="card work attention">
            <WorkLink href={WORK_LINKS.failedJobs} role={role}>
              <span className="work-title">{t('dashboard.failedJobs')}</span>
            </WorkLink>
            <p className="hint">{t('dashboard.failedJobsUnknown')}</p>
          </li>
        ) : (
          <Work
            id="failed-jobs"
            title={t('dashboard.failedJobs')}
            hint={t('dashboard.failedJobsHint')}
            count={data.failed_jobs}
            href={WORK_LINKS.failedJobs}
            role={role}
          />
        )}
        <li className={`card work${unfiscalized.pending + unfiscalized.rejected > 0 ? ' attention' : ''}`}>
          <h3 className="work-title">
            <span className="figure">{unfiscalized.pending + unfiscalized.rejected}</span> {t('dashboard.unfiscalized')}
          </h3>
          <ul className="links">
            <li>
              <WorkLink href={WORK_LINKS.unfiscalizedPending} role={role}>
                {t('dashboard.unfiscalizedPending', { count: unfiscalized.pending })}
              </WorkLink>
            </li>
            <li>
              <WorkLink href={WORK_LINKS.unfiscalizedRejected} role={role}>
                {t('dashboard.unfiscalizedRejected', { count: unfiscalized.rejected })}
              </WorkLink>
            </li>
          </ul>
        </li>
      </ul>
      <section className="card low-stock" aria-labelledby="low-stock-title">
        <h2 id="low-stock-title">
          {t('dashboard.lowStock')}: <span className="figure">{lowStock.count}</span>
        </h2>
        <p className="hint">{t('dashboard.lowStockHint')}</p>
        {lowStockLink ? <p>{lowStockLink(t('dashboard.lowStockOpen'))}</p> : null}
        {lowStock.count === 0 ? (
          <p>{t('dashboard.lowStockNone')}</p>
        ) : (
          <ul>
            {lowStock.products.map((p) => (
              <li key={p.code}>
                {p.name} <span className="mono">{p.code}</span>: <strong>{t('dashboard.packs', { count: p.stock })}</strong>{' '}
                <span className="hint">({t('dashboard.lowStockThreshold', { threshold: p.threshold })})</span>
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
