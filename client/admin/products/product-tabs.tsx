/**
 * The tabs of one product's screens: 'Stock and price' (`/admin/products/$code`) and 'Details'
 * (`/admin/products/$code/details`) and 'Photos' (`/admin/products/$code/photos`). Links, with `aria-current="page"` on the one shown.
 */
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';

export const PRODUCT_TABS = [
  { key: 'stock', to: '/products/$code' },
  { key: 'details', to: '/products/$code/details' },
  { key: 'photos', to: '/products/$code/photos' },
] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

export function ProductTabs({
  current,
  t,
  link,
  showPrices = true,
}: {
  current: ProductTab['key'];
  t: TFunction;
  /** false for staff: the first tab is then 'Stock' (they see no price there). */
  showPrices?: boolean;
  /** The router's Link to a tab (children: its label; aria-current set by the caller's `current`). */
  link: (tab: ProductTab, label: string, current: boolean) => ReactNode;
}) {
  return (
    <nav className="product-tabs" aria-label={t('details.tabs')}>
      <ul>
        {PRODUCT_TABS.map((tab) => (
          <li key={tab.key}>
            {link(tab, t(`details.tab.${tab.key === 'stock' && !showPrices ? 'stockOnly' : tab.key}`), tab.key === current)}
          </li>
        ))}
      </ul>
    </nav>
  );
}
