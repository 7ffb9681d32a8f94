import { useRouter } from '@tanstack/react-router';
import { Fragment, type ReactNode } from 'react';
import type { ContentImage as ContentImageView, ContentSlot } from '../../../../contract/api/content';
import { jsonForScript } from '../catalog/format';
import styles from './content.module.css';
import { splitSlots } from './body-parts';

/** A content picture (SVG under /content-images/) with its width, height and alt text from the API. */
export function ContentImage({ image, eager = false, className }: { image: ContentImageView | null; eager?: boolean; className?: string }) {
  if (!image) return null;
  return (
    <img
      className={className ?? styles.image}
      src={image.src}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
}

/**
 * An entry's body: the server's sanitized HTML (docs/content.md), with each generated part's element filled
 * from live data by `renderSlot` (delivery prices, cookie table, withdrawal form, company data).
 */
export function ContentBody({
  html,
  renderSlot,
  className,
}: {
  html: string;
  renderSlot?: (slot: ContentSlot) => ReactNode;
  className?: string;
}) {
  const parts = splitSlots(html);
  return (
    <div className={className ?? styles.prose}>
      {parts.map((part, i) =>
        'html' in part ? (
          <div key={i} className={styles.htmlPart} dangerouslySetInnerHTML={{ __html: part.html }} />
        ) : (
          <Fragment key={i}>
            <div data-slot={part.slot} className={styles.slot}>
              {renderSlot?.(part.slot as ContentSlot) ?? null}
            </div>
          </Fragment>
        ),
      )}
    </div>
  );
}

/** JSON-LD in the body, so it carries the CSP nonce (HeadContent's ld+json has none). */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const router = useRouter();
  return (
    <script
      type="application/ld+json"
      nonce={router.options.ssr?.nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: jsonForScript(data) }}
    />
  );
}
