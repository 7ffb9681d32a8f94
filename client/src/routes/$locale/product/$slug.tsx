import { createFileRoute, notFound, redirect, useRouteContext, useRouter } from '@tanstack/react-router';
import { useLocale } from '../../../hooks/use-locale';
import { productQuery } from '../../../api/catalog';
import { ApiError } from '../../../api/http';
import { jsonForScript, productJsonLd, productLocaleParams } from '../../../features/catalog/format';
import { ProductScreen as ProductDetailScreen } from '../../../features/catalog/product-screen';
import type { Locale } from '../../../../../contract/locales';
import { publicPath } from '../../../../../contract/paths';
import { absoluteUrl, screenHead } from '../../../seo/head';
import { methodOfLine } from '../../../features/content/loaders';
import { ProductContentLinks } from '../../../features/content/product-links';

export const Route = createFileRoute('/$locale/product/$slug')({
  loader: async ({ context, params }) => {
    const locale = params.locale as Locale;
    let product;
    try {
      product = await context.queryClient.fetchQuery(productQuery(context.api(locale), locale, params.slug));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound();
      throw error;
    }
    // A slug of another language: 301 to this language's slug (the API tells us which).
    if (product.canonical_slug !== params.slug) {
      throw redirect({
        to: '/$locale/product/$slug',
        params: { locale, slug: product.canonical_slug },
        statusCode: 301,
      });
    }
    const method = await methodOfLine(context, locale, product.line);
    return { product, method, localeParams: productLocaleParams(product) };
  },
  head: (ctx) => {
    const product = ctx.loaderData?.product;
    if (!product) return screenHead(ctx, 'product');
    return screenHead(ctx, 'product', { name: product.name, description: product.short_description });
  },
  component: ProductRoute,
});

function ProductRoute() {
  const { product, method } = Route.useLoaderData();
  const router = useRouter();
  const locale = useLocale();
  const publicUrl = useRouteContext({ from: '__root__', select: (c) => c.publicUrl });
  const url = absoluteUrl(publicUrl, publicPath('product', locale, { slug: product.slug }));
  const image = product.image ? absoluteUrl(publicUrl, product.image.src) : null;
  return (
    <>
      {/* JSON-LD Product with Offer, in the body so it carries the CSP nonce (HeadContent's ld+json has none). */}
      <script
        type="application/ld+json"
        nonce={router.options.ssr?.nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: jsonForScript(productJsonLd(product, url, image)) }}
      />
      <ProductDetailScreen product={product} />
      <ProductContentLinks line={product.line} method={method} />
    </>
  );
}
