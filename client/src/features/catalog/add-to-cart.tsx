import { useState } from 'react';
import { ApiError } from '../../api/http';
import { ScreenLink } from '../../components/screen-link';
import { useT } from '../../hooks/use-locale';
import { useCartMutation } from '../cart/use-cart';
import styles from './catalog.module.css';

type State = { kind: 'idle' } | { kind: 'adding' } | { kind: 'added' } | { kind: 'error'; message: string };

/**
 * 'Add to cart' (the cart mutation: POST /api/cart/items, quantity 1, CSRF header) with the spec's 'product
 * added to cart' notice in a polite live region; the answered cart replaces the cart query, so the header's
 * count follows. API errors are shown as the API worded them (already in the page language).
 */
export function AddToCart({ code, name }: { code: string; name: string }) {
  const { t, locale } = useT();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const { mutateAsync } = useCartMutation(locale);

  const onClick = async () => {
    setState({ kind: 'adding' });
    try {
      await mutateAsync({ kind: 'add', productCode: code, quantity: 1 });
      setState({ kind: 'added' });
    } catch (error) {
      setState({ kind: 'error', message: error instanceof ApiError ? error.message : t('catalog.loadFailed') });
    }
  };

  return (
    <div className={styles.addToCart}>
      <button
        type="button"
        className={styles.addButton}
        onClick={onClick}
        disabled={state.kind === 'adding'}
        aria-label={t('catalog.addToCartNamed', { name })}
      >
        {state.kind === 'adding' ? t('catalog.adding') : t('catalog.addToCart')}
      </button>
      <p role="status" aria-live="polite" className={state.kind === 'error' ? styles.noticeError : styles.notice}>
        {state.kind === 'added' ? (
          <>
            {t('catalog.added')} <ScreenLink screen="cart">{t('catalog.goToCart')}</ScreenLink>
          </>
        ) : state.kind === 'error' ? (
          state.message
        ) : null}
      </p>
    </div>
  );
}
