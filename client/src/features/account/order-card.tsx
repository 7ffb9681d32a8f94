import { formatEuro } from '../../../../contract/money';
import { ScreenLink } from '../../components/screen-link';
import { useT } from '../../hooks/use-locale';
import { formatDate } from '../catalog/format';
import type { OrderSummaryView } from './account-types';
import styles from './account.module.css';

/**
 * One order (its heading links to its detail screen, profile_order): number, date, amount, status ('awaiting payment' / 'paid') and its lines with product code,
 * unit price and quantity. Dates and money are formatted by hand (same characters on server and browser).
 */
export function OrderCard({ order, headingLevel = 3 }: { order: OrderSummaryView; headingLevel?: 2 | 3 }) {
  const { t, locale } = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `order-${order.number}`;
  return (
    <article className={styles.order} aria-labelledby={headingId} data-order-number={order.number}>
      <Heading id={headingId}>
        <ScreenLink screen="profile_order" params={{ number: order.number }} data-testid="order-detail-link">
          {t('account.order.heading', { number: order.number })}
        </ScreenLink>
      </Heading>
      <dl className={styles.orderFacts}>
        <div>
          <dt>{t('account.order.date')}</dt>
          <dd>
            <time dateTime={order.placed_at}>{formatDate(order.placed_at, locale)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('account.order.amount')}</dt>
          <dd data-order-total>{formatEuro(order.total, locale)}</dd>
        </div>
        <div>
          <dt>{t('account.order.status')}</dt>
          <dd>
            <span className={styles.status} data-status={order.status}>
              {t(`account.order.statuses.${order.status}`)}
            </span>
          </dd>
        </div>
      </dl>
      <ul className={styles.lines} aria-label={t('account.order.items')}>
        {order.lines.map((line, i) => (
          <li key={`${line.product_code}-${i}`} className={styles.line} data-product-code={line.product_code}>
            <span className={styles.lineName}>{line.name}</span>
            <dl className={styles.lineFacts}>
              <div>
                <dt>{t('account.order.code')}</dt>
                <dd>{line.product_code}</dd>
              </div>
              <div>
                <dt>{t('account.order.unitPrice')}</dt>
                <dd>{formatEuro(line.unit_price, locale)}</dd>
              </div>
              <div>
                <dt>{t('account.order.quantity')}</dt>
                <dd>{line.quantity}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </article>
  );
}
