import { useT } from '../../hooks/use-locale';
import styles from './vat-breakdown.module.css';

export interface VatRow {
  rate: number;
  base: number;
  vat: number;
}

/** VAT base and VAT per rate (cart page and checkout confirmation); nothing when there are no rows. */
export function VatBreakdown({ rows, money }: { rows: readonly VatRow[]; money: (cents: number) => string }) {
  const { t } = useT();
  if (rows.length === 0) return null;
  return (
    <table className={styles.vatTable}>
      <caption>{t('cartPage.vatBreakdown')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('cartPage.vatRate')}</th>
          <th scope="col">{t('cartPage.vatBase')}</th>
          <th scope="col">{t('cartPage.vatTotal')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.rate}>
            <th scope="row">{row.rate} %</th>
            <td>{money(row.base)}</td>
            <td>{money(row.vat)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
