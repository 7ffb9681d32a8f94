import { Link } from '@tanstack/react-router';
import { Breadcrumb } from '../../components/breadcrumb';
import { ScreenLink } from '../../components/screen-link';
import { useT } from '../../hooks/use-locale';
import { ProductCardSection } from '../catalog/product-card';
import type { BlogPost, BlogPostSummary, ContentPage, MethodPage, SuperfoodiePage } from './content-api';
import { ContentBody, ContentImage } from './content-parts';
import { formatDate } from './format';
import type { BlogListData } from './loaders';
import styles from './content.module.css';
import type { ContentSummary, SuperfoodieList } from '../../../../contract/api/content';

function PostByline({ post }: { post: BlogPostSummary }) {
  const { t, locale } = useT();
  return (
    <p className={styles.byline}>
      {t('content.blog.by', { author: post.author })} · {t('content.blog.published')}{' '}
      <time dateTime={post.published_at}>{formatDate(post.published_at, locale)}</time>
    </p>
  );
}

/** A teaser of an entry with a page of its own (blog post, Superfoodie page). */
function EntryCard({
  entry,
  screen,
  children,
}: {
  entry: ContentSummary;
  screen: 'blog_post' | 'superfoodie_slug';
  children?: React.ReactNode;
}) {
  return (
    <article className={styles.card}>
      <ContentImage image={entry.image} className={styles.cardImage} />
      <div className={styles.cardBody}>
        <h2 className={styles.cardTitle}>
          <ScreenLink screen={screen} params={{ slug: entry.slug }}>
            {entry.title}
          </ScreenLink>
        </h2>
        {children}
        <p className={styles.cardSummary}>{entry.summary}</p>
      </div>
    </article>
  );
}

export function BlogListScreen({ data }: { data: BlogListData }) {
  const { t, locale } = useT();
  const { posts, page } = data;
  return (
    <div className={styles.page}>
      <Breadcrumb screen="blog" name="" />
      <h1>{data.intro?.title ?? t('screens.blog.heading')}</h1>
      {data.intro ? <p className={styles.lead}>{data.intro.summary}</p> : null}
      {data.intro && page === 1 ? <ContentBody html={data.intro.body_html} /> : null}
      {posts.items.length === 0 ? (
        <p className={styles.empty}>{t('content.blog.empty')}</p>
      ) : (
        <ul className={styles.grid}>
          {posts.items.map((p) => (
            <li key={p.key}>
              <EntryCard entry={p} screen="blog_post">
                <PostByline post={p} />
              </EntryCard>
            </li>
          ))}
        </ul>
      )}
      {page > 1 || posts.next_offset !== null ? (
        <nav aria-label={t('content.blog.pagination')} className={styles.more}>
          {page > 1 ? (
            <Link
              to="/$locale/blog"
              params={{ locale }}
              search={page > 2 ? { page: page - 1 } : {}}
              rel="prev"
              className={styles.secondaryButton}
            >
              {t('content.blog.newer')}
            </Link>
          ) : null}
          {posts.next_offset !== null ? (
            <Link to="/$locale/blog" params={{ locale }} search={{ page: page + 1 }} rel="next" className={styles.button}>
              {t('content.blog.older')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

export function BlogPostScreen({ post }: { post: BlogPost }) {
  return (
    <div className={styles.page}>
      <Breadcrumb screen="blog_post" name={post.title} />
      <article>
        <h1>{post.title}</h1>
        <PostByline post={post} />
        <p className={styles.lead}>{post.summary}</p>
        <ContentImage image={post.image} eager />
        <ContentBody html={post.body_html} />
      </article>
    </div>
  );
}

export function SuperfoodieListScreen({ intro, list }: { intro: ContentPage | null; list: SuperfoodieList }) {
  const { t } = useT();
  return (
    <div className={styles.page}>
      <Breadcrumb screen="superfoodie" name="" />
      <h1>{intro?.title ?? t('screens.superfoodie.heading')}</h1>
      {intro ? <p className={styles.lead}>{intro.summary}</p> : null}
      {intro?.image ? <ContentImage image={intro.image} eager /> : null}
      {intro ? <ContentBody html={intro.body_html} /> : null}
      <section aria-labelledby="superfoodie-pages" className={styles.section}>
        <h2 id="superfoodie-pages">{t('content.superfoodie.pages')}</h2>
        <ul className={styles.grid}>
          {list.items.map((p) => (
            <li key={p.key}>
              <EntryCard entry={p} screen="superfoodie_slug" />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export function SuperfoodiePageScreen({ page }: { page: SuperfoodiePage }) {
  const { t } = useT();
  return (
    <div className={styles.page}>
      <Breadcrumb screen="superfoodie_slug" name={page.title} />
      <article>
        <div className={styles.entryTop}>
          <div className={styles.entryText}>
            <h1>{page.title}</h1>
            <p className={styles.lead}>{page.summary}</p>
          </div>
          <div className={styles.entryMedia}>
            <ContentImage image={page.image} eager />
          </div>
        </div>
        <ContentBody html={page.body_html} />
      </article>
      <ProductCardSection
        id="superfoodie-products"
        heading={t('content.superfoodie.products')}
        products={page.products}
        className={styles.section}
        gridClassName={styles.grid}
      />
      <p>
        <ScreenLink screen="superfoodie">{t('content.superfoodie.more')}</ScreenLink>
      </p>
    </div>
  );
}

export function MethodScreen({ method }: { method: MethodPage }) {
  const { t } = useT();
  return (
    <div className={styles.page}>
      <Breadcrumb screen="method" name={method.title} />
      <article>
        <div className={styles.entryTop}>
          <div className={styles.entryText}>
            <h1>{method.title}</h1>
            <p className={styles.lead}>{method.summary}</p>
          </div>
          <div className={styles.entryMedia}>
            <ContentImage image={method.image} eager />
          </div>
        </div>
        <ContentBody html={method.body_html} />
        <section aria-labelledby="method-raw">
          <h2 id="method-raw">{t('content.method.rawMaterials')}</h2>
          <ContentBody html={method.raw_materials_html} />
        </section>
        <section aria-labelledby="method-production">
          <h2 id="method-production">{t('content.method.production')}</h2>
          <ContentBody html={method.production_html} />
        </section>
        <section aria-labelledby="method-control">
          <h2 id="method-control">{t('content.method.control')}</h2>
          <ContentBody html={method.control_html} />
        </section>
      </article>
    </div>
  );
}
