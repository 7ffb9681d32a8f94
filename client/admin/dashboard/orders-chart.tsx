/**
 * Orders per day of the week as bars: an SVG for the eye (hidden from assistive technology), and the
 * same figures in a table that screen readers read (visually hidden; WCAG 1.1.1, 1.3.1). Each bar
 * carries its count as text, so no figure depends on colour or on reading the bar's height.
 */
import type { TFunction } from 'i18next';
import type { DashboardDay } from '../../../contract/api/admin-dashboard';
import { formatEuro } from '../../../contract/money';
import { LOCALE_TAGS } from '../../../contract/locales';
import type { AdminLanguage } from '../i18n';

const WIDTH = 700;
const HEIGHT = 220;
const TOP = 24;
const BOTTOM = 36;

/** A date's short weekday in `language` ('pon', 'Mon'), computed at noon UTC so no zone shifts the day. */
export function weekday(date: string, language: AdminLanguage, style: 'short' | 'long' = 'short'): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], { weekday: style, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** A date as the table shows it ('pon, 24. 11.'). */
function dayLabel(date: string, language: AdminLanguage): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], { weekday: 'long', day: 'numeric', month: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

export function OrdersChart({ days, language, t }: { days: DashboardDay[]; language: AdminLanguage; t: TFunction }) {
  const withRevenue = days.some((d) => d.revenue !== undefined);
  const max = Math.max(1, ...days.map((d) => d.orders));
  const slot = WIDTH / days.length;
  const barWidth = slot * 0.6;
  const usable = HEIGHT - TOP - BOTTOM;
  return (
    <figure className="chart">
      <figcaption id="orders-chart-title">{t('dashboard.chartTitle')}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false" className="chart-svg">
        <line x1="0" x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="chart-axis" />
        {days.map((d, i) => {
          const h = Math.round((d.orders / max) * usable);
          const x = i * slot + (slot - barWidth) / 2;
          const y = HEIGHT - BOTTOM - h;
          return (
            <g key={d.date}>
              <rect x={x} y={y} width={barWidth} height={h} className="chart-bar" />
              <text x={x + barWidth / 2} y={y - 6} textAnchor="middle" className="chart-value">
                {d.orders}
              </text>
              <text x={x + barWidth / 2} y={HEIGHT - 12} textAnchor="middle" className="chart-label">
                {weekday(d.date, language)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden" aria-labelledby="orders-chart-title">
        <thead>
          <tr>
            <th scope="col">{t('dashboard.chartDay')}</th>
            <th scope="col">{t('dashboard.chartOrders')}</th>
            {withRevenue ? <th scope="col">{t('dashboard.chartRevenue')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{dayLabel(d.date, language)}</th>
              <td>{d.orders}</td>
              {withRevenue ? <td>{formatEuro(d.revenue ?? 0, language)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
