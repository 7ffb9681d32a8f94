/**
 * One product's stock and price page (docs/admin.md 'Products, stock and prices screens'): pure, the
 * state comes in as props (product-page.tsx owns it), so the unit tests render it as the browser does.
 * Stock, 'soon available again' and the low-stock threshold for every operator; the price, the
 * special offers with their preview (C-330/23) and the price history only for role admin.
 */
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { AdminProductDetail, OfferPreview } from '../../../contract/api/admin-catalog';
import { SaveBar } from '../kit/save-bar';
import { LOCALE_TAGS } from '../../../contract/locales';
import { formatEuro } from '../../../contract/money';
import type { AdminLanguage } from '../i18n';
import { euroInputText, parseCount, parseEuroInput } from './money-input';
import { availabilityText, stockText } from './product-list-view';

/** What the operator is editing, as typed. */
export interface StockDraft {
  tracked: boolean;
  stock: string;
  soon: boolean;
  threshold: string;
  price: string;
}

export interface OfferDraft {
  price: string;
  /** `datetime-local` values, the operator's own clock. */
  starts: string;
  ends: string;
}

export type DraftField = 'stock' | 'threshold' | 'price';
export type OfferField = 'offer_price' | 'starts_at' | 'ends_at';

export function draftOf(product: AdminProductDetail, language: AdminLanguage): StockDraft {
  return {
    tracked: product.stock !== null,
    stock: product.stock === null ? '' : String(product.stock),
    soon: product.availability === 'soon_available_again',
    threshold: String(product.low_stock_threshold),
    price: euroInputText(product.price_cents, language),
  };
}

/** The changed parts of the page (the save bar's 'N changes'); the price only where it is shown. */
export function changedParts(
  initial: StockDraft,
  draft: StockDraft,
  withPrice: boolean,
): Array<'stock' | 'availability' | 'threshold' | 'price'> {
  const parts: Array<'stock' | 'availability' | 'threshold' | 'price'> = [];
  if (initial.tracked !== draft.tracked || (draft.tracked && initial.stock !== draft.stock.trim())) parts.push('stock');
  if (initial.soon !== draft.soon) parts.push('availability');
  if (initial.threshold !== draft.threshold.trim()) parts.push('threshold');
  if (withPrice && parseEuroInput(draft.price) !== parseEuroInput(initial.price)) parts.push('price');
  return parts;
}

/** The field errors of a draft (in the page's order: the first one gets the focus). */
export function draftErrors(draft: StockDraft, withPrice: boolean, t: TFunction): Partial<Record<DraftField, string>> {
  const errors: Partial<Record<DraftField, string>> = {};
  const stock = parseCount(draft.stock);
  if (draft.tracked && (stock === null || stock > 1_000_000)) errors.stock = t('errors.stock');
  const threshold = parseCount(draft.threshold);
  if (threshold === null || threshold > 100_000) errors.threshold = t('errors.threshold');
  const price = parseEuroInput(draft.price);
  if (withPrice && (price === null || price < 1 || price > 10_000_000)) errors.price = t('errors.price');
  return errors;
}

export function formatInstant(iso: string, language: AdminLanguage): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Zagreb' }).format(
    new Date(iso),
  );
}

/** What the offer will show, before it is saved (C-330/23). */
export function OfferPreviewView({ preview, language, t }: { preview: OfferPreview; language: AdminLanguage; t: TFunction }) {
  const euro = (c: number) => formatEuro(c, language);
  return (
    <div className="offer-preview" aria-labelledby="offer-preview-title">
      <h3 id="offer-preview-title">{t('offer.previewTitle')}</h3>
      <p className="shop-price">
        {preview.struck_price_cents !== null ? (
          <>
            <s aria-label={t('offer.struckLabel', { price: euro(preview.struck_price_cents) })}>{euro(preview.struck_price_cents)}</s>{' '}
          </>
        ) : null}
        <strong>{euro(preview.offer_price_cents)}</strong>
        {preview.discount_percent ? <span className="badge"> −{preview.discount_percent} %</span> : null}
      </p>
      <dl className="facts">
        <dt>{t('offer.regular')}</dt>
        <dd>{euro(preview.regular_price_cents)}</dd>
        <dt>{t('offer.struck')}</dt>
        <dd>{preview.struck_price_cents === null ? t('offer.nothingStruck') : euro(preview.struck_price_cents)}</dd>
        <dt>{t('offer.lowest30')}</dt>
        <dd>
          {preview.lowest_30d_cents === null ? t('offer.noPriorPrice') : euro(preview.lowest_30d_cents)}{' '}
          <span className="hint">
            ({formatInstant(preview.window_from, language)} – {formatInstant(preview.window_to, language)})
          </span>
        </dd>
        <dt>{t('offer.percent')}</dt>
        <dd>{preview.discount_percent === null ? t('offer.noPriorPrice') : `${preview.discount_percent} %`}</dd>
        <dt>{t('offer.perKg')}</dt>
        <dd>{euro(preview.offer_per_kg_cents)}</dd>
      </dl>
      <p className="hint">{t('offer.rule')}</p>
    </div>
  );
}

export interface ProductPageViewProps {
  t: TFunction;
  language: AdminLanguage;
  product: AdminProductDetail;
  /** Role admin: price, offers and history. */
  showPrices: boolean;
  backLink: ReactNode;
  /** The link to the product's photos (photos.tsx). */
  photosLink?: ReactNode;
  draft: StockDraft;
  changes: number;
  errors: Partial<Record<DraftField, string>>;
  onDraft: (patch: Partial<StockDraft>) => void;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  /** The save's refusal (the API's message); `conflict`: stock changed meanwhile (409). */
  problem: string | null;
  conflict: boolean;
  onReload: () => void;
  saved: boolean;
  offer: OfferDraft;
  offerErrors: Partial<Record<OfferField, string>>;
  onOffer: (patch: Partial<OfferDraft>) => void;
  preview: OfferPreview | null;
  previewing: boolean;
  onPreview: () => void;
  savingOffer: boolean;
  onSaveOffer: () => void;
  offerProblem: string | null;
  offerSaved: boolean;
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <span id={id} className="field-error">
      {error}
    </span>
  ) : null;
}

export function ProductPageView(p: ProductPageViewProps) {
  const { t, product, language, draft, errors } = p;
  const euro = (c: number) => formatEuro(c, language);
  const described = (field: string, hint?: string) =>
    [errors[field as DraftField] ? `${field}-error` : '', hint ?? ''].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <p className="back">{p.backLink}</p>
      <h1>
        {product.name} <span className="mono">{product.code}</span>
      </h1>
      <p className="hint">
        {product.category_name} · {t('product.shownAs')}: <strong>{availabilityText(product, t)}</strong>
      </p>
      {p.photosLink ? <p className="product-links">{p.photosLink}</p> : null}
      {p.saved ? (
        <p role="status" className="notice">
          {t('product.saved')}
        </p>
      ) : null}
      {p.problem ? (
        <div role="alert" className="problem">
          <p>{p.problem}</p>
          {p.conflict ? (
            <>
              <p>{t('product.conflictHint')}</p>
              <button type="button" onClick={p.onReload}>
                {t('product.reload')}
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      <form
        className="card product-form"
        noValidate
        aria-labelledby="stock-title"
        onSubmit={(e) => e.preventDefault()}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          if (e.ctrlKey || e.metaKey) {
            e.preventDefault();
            p.onSave();
          } else if (e.target instanceof HTMLInputElement) e.preventDefault(); // Enter never submits half a form
        }}
      >
        <h2 id="stock-title">{t('product.stockTitle')}</h2>
        <p>
          {t('product.stockNow')}: <strong>{stockText(product.stock, t)}</strong> · {t('products.reserved')}:{' '}
          <strong>{t('products.packs', { count: product.reserved })}</strong>
        </p>
        <p className="hint" id="reserved-hint">
          {t('product.reservedHint')}
        </p>
        <fieldset>
          <legend>{t('product.stockLegend')}</legend>
          <label className="check">
            <input type="checkbox" checked={!draft.tracked} onChange={(e) => p.onDraft({ tracked: !e.currentTarget.checked })} />
            <span>{t('products.notTracked')}</span>
          </label>
          {draft.tracked ? (
            <div className="field">
              <label htmlFor="stock">{t('product.stockField')}</label>
              <input
                id="stock"
                name="stock"
                inputMode="numeric"
                value={draft.stock}
                aria-invalid={errors.stock ? true : undefined}
                aria-describedby={described('stock', 'reserved-hint')}
                onChange={(e) => p.onDraft({ stock: e.currentTarget.value })}
              />
              <FieldError id="stock-error" error={errors.stock} />
            </div>
          ) : null}
        </fieldset>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.soon}
            onChange={(e) => p.onDraft({ soon: e.currentTarget.checked })}
            aria-describedby="soon-hint"
          />
          <span>{t('product.soonField')}</span>
        </label>
        <p className="hint" id="soon-hint">
          {t('product.soonHint')}
        </p>
        <div className="field">
          <label htmlFor="threshold">{t('product.thresholdField')}</label>
          <input
            id="threshold"
            name="threshold"
            inputMode="numeric"
            value={draft.threshold}
            aria-invalid={errors.threshold ? true : undefined}
            aria-describedby={described('threshold', 'threshold-hint')}
            onChange={(e) => p.onDraft({ threshold: e.currentTarget.value })}
          />
          <FieldError id="threshold-error" error={errors.threshold} />
          <span className="hint" id="threshold-hint">
            {t('product.thresholdHint')}
          </span>
        </div>
        {p.showPrices ? (
          <>
            <h2>{t('product.priceTitle')}</h2>
            <p>
              {t('product.priceNow')}: <strong>{euro(product.price_cents)}</strong>
              {product.offer_price_cents !== null ? (
                <>
                  {' '}
                  · {t('products.offerRuns')}: <strong>{euro(product.offer_price_cents)}</strong>
                </>
              ) : null}
              {' · '}
              {t('offer.lowest30')}:{' '}
              <strong>{product.lowest_30d_cents === null ? t('offer.noPriorPrice') : euro(product.lowest_30d_cents)}</strong>
            </p>
            <div className="field">
              <label htmlFor="price">{t('product.priceField')}</label>
              <input
                id="price"
                name="price"
                inputMode="decimal"
                value={draft.price}
                aria-invalid={errors.price ? true : undefined}
                aria-describedby={described('price', 'price-hint')}
                onChange={(e) => p.onDraft({ price: e.currentTarget.value })}
              />
              <FieldError id="price-error" error={errors.price} />
              <span className="hint" id="price-hint">
                {t('product.priceHint')}
              </span>
            </div>
          </>
        ) : null}
      </form>
      <SaveBar count={p.changes} saving={p.saving} onSave={p.onSave} onDiscard={p.onDiscard} t={t} />
      {p.showPrices ? <Offers {...p} /> : null}
    </>
  );
}

function Offers(p: ProductPageViewProps) {
  const { t, product, language, offer, offerErrors } = p;
  const euro = (c: number) => formatEuro(c, language);
  const described = (field: OfferField) => (offerErrors[field] ? `${field}-error` : undefined);
  return (
    <>
      <section className="card" aria-labelledby="offer-title">
        <h2 id="offer-title">{t('offer.title')}</h2>
        <p className="hint">{t('offer.hint')}</p>
        <form
          noValidate
          onSubmit={(e) => e.preventDefault()}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && e.target instanceof HTMLInputElement && !(e.ctrlKey || e.metaKey)) e.preventDefault();
          }}
          className="offer-form"
        >
          <div className="field">
            <label htmlFor="offer_price">{t('offer.price')}</label>
            <input
              id="offer_price"
              inputMode="decimal"
              value={offer.price}
              aria-invalid={offerErrors.offer_price ? true : undefined}
              aria-describedby={described('offer_price')}
              onChange={(e) => p.onOffer({ price: e.currentTarget.value })}
            />
            <FieldError id="offer_price-error" error={offerErrors.offer_price} />
          </div>
          <div className="field">
            <label htmlFor="starts_at">{t('offer.starts')}</label>
            <input
              id="starts_at"
              type="datetime-local"
              value={offer.starts}
              aria-invalid={offerErrors.starts_at ? true : undefined}
              aria-describedby={described('starts_at')}
              onChange={(e) => p.onOffer({ starts: e.currentTarget.value })}
            />
            <FieldError id="starts_at-error" error={offerErrors.starts_at} />
          </div>
          <div className="field">
            <label htmlFor="ends_at">{t('offer.ends')}</label>
            <input
              id="ends_at"
              type="datetime-local"
              value={offer.ends}
              aria-invalid={offerErrors.ends_at ? true : undefined}
              aria-describedby={described('ends_at')}
              onChange={(e) => p.onOffer({ ends: e.currentTarget.value })}
            />
            <FieldError id="ends_at-error" error={offerErrors.ends_at} />
          </div>
          <div className="actions">
            <button type="button" onClick={p.onPreview} disabled={p.previewing}>
              {t('offer.preview')}
            </button>
            <button type="button" className="primary" onClick={p.onSaveOffer} disabled={!p.preview || p.savingOffer}>
              {t('offer.save')}
            </button>
          </div>
        </form>
        {p.preview ? <OfferPreviewView preview={p.preview} language={language} t={t} /> : <p className="hint">{t('offer.previewFirst')}</p>}
        {p.offerProblem ? (
          <p role="alert" className="problem">
            {p.offerProblem}
          </p>
        ) : null}
        {p.offerSaved ? (
          <p role="status" className="notice">
            {t('offer.saved')}
          </p>
        ) : null}
      </section>
      <section className="card" aria-labelledby="offers-title">
        <h2 id="offers-title">{t('offer.listTitle')}</h2>
        {product.offers.length === 0 ? (
          <p>{t('offer.none')}</p>
        ) : (
          <ul className="offers">
            {product.offers.map((o) => (
              <li key={o.id}>
                <strong>{euro(o.price_cents)}</strong> · {formatInstant(o.starts_at, language)} – {formatInstant(o.ends_at, language)} ·{' '}
                {t(`offer.state.${o.state}`)}
                {o.discount_percent ? ` · −${o.discount_percent} %` : ''}
                {o.lowest_30d_cents !== null ? ` · ${t('offer.lowest30')}: ${euro(o.lowest_30d_cents)}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title">{t('product.historyTitle')}</h2>
        {product.price_history.length === 0 ? (
          <p>{t('product.noHistory')}</p>
        ) : (
          <ul className="history">
            {product.price_history.map((h) => (
              <li key={h.valid_from}>
                {t('product.historyRow', { price: euro(h.price_cents), from: formatInstant(h.valid_from, language) })}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
