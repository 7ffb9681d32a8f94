import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useId, type FormEvent } from 'react';
import { useT } from '../../hooks/use-locale';
import { publicPath } from '../../../../contract/paths';
import { parseQuery } from '../../api/catalog';
import styles from './search-box.module.css';

/**
 * Header product search: a plain GET form to the product list (`/proizvodi?q=...`), so it works without
 * JavaScript and the results are server-rendered; with JavaScript the router navigates client-side.
 */
export function SearchBox() {
  const { t, locale } = useT();
  const id = useId();
  const navigate = useNavigate();
  const current = useRouterState({ select: (s) => parseQuery((s.location.search as Record<string, unknown>).q) ?? '' });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = parseQuery(new FormData(event.currentTarget).get('q'));
    void navigate({ to: '/$locale/products' as never, params: { locale } as never, search: (q ? { q } : {}) as never });
  };

  return (
    <form role="search" method="get" action={publicPath('products', locale)} className={styles.search} onSubmit={onSubmit}>
      <label htmlFor={id} className="visually-hidden">
        {t('catalog.search')}
      </label>
      <input
        id={id}
        key={current}
        type="search"
        name="q"
        defaultValue={current}
        maxLength={100}
        placeholder={t('catalog.search')}
        className={styles.input}
      />
      <button type="submit" className={styles.button}>
        {t('catalog.searchButton')}
      </button>
    </form>
  );
}
