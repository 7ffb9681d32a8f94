import { createFileRoute } from '@tanstack/react-router';
import { ProductListScreen } from '../../../features/catalog/product-list-screen';
import { loadProductList, validateListSearch } from '../../../features/catalog/list-loader';
import type { Locale } from '../../../../../contract/locales';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/products/$slug')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => ({ page: search.page, q: search.q }),
  loader: ({ context, params, deps }) => loadProductList(context, params.locale as Locale, { ...deps, category: params.slug }),
  head: (ctx) => screenHead(ctx, 'products_slug', { name: ctx.loaderData?.category?.name }),
  component: ProductsSlugScreen,
});

function ProductsSlugScreen() {
  return <ProductListScreen screen="products_slug" data={Route.useLoaderData()} />;
}
