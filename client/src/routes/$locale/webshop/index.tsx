import { createFileRoute } from '@tanstack/react-router';
import { ProductListScreen } from '../../../features/catalog/product-list-screen';
import { loadProductList, validateListSearch } from '../../../features/catalog/list-loader';
import type { Locale } from '../../../../../contract/locales';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/webshop/')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => ({ page: search.page, q: search.q }),
  loader: ({ context, params, deps }) => loadProductList(context, params.locale as Locale, deps),
  head: (ctx) => screenHead(ctx, 'webshop'),
  component: WebshopScreen,
});

function WebshopScreen() {
  return <ProductListScreen screen="webshop" data={Route.useLoaderData()} />;
}
