import type { ReactNode } from 'react';
import { Breadcrumb } from '../../components/breadcrumb';
import type { ScreenId } from '../../../../contract/paths';
import type { ContentPage } from './content-api';
import { ContentBody, ContentImage } from './content-parts';
import { renderSlot } from './slots';
import styles from './content.module.css';

/** A page by key (legal and information pages): title, summary, picture, body with its generated parts, then `children` (the cookies page's consent settings). */
export function ContentPageScreen({ screen, page, children }: { screen: ScreenId; page: ContentPage; children?: ReactNode }) {
  return (
    <div className={styles.page}>
      <Breadcrumb screen={screen} name={page.title} />
      <article>
        <h1>{page.title}</h1>
        <p className={styles.lead}>{page.summary}</p>
        {page.image ? <ContentImage image={page.image} eager /> : null}
        <ContentBody html={page.body_html} renderSlot={renderSlot} />
        {children}
      </article>
    </div>
  );
}
