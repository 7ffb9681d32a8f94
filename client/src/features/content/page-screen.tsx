import { Breadcrumb } from '../../components/breadcrumb';
import type { ScreenId } from '../../../../contract/paths';
import type { ContentPage } from './content-api';
import { ContentBody, ContentImage } from './content-parts';
import { renderSlot } from './slots';
import styles from './content.module.css';

/** A page by key (legal and information pages): title, summary, picture and body with its generated parts. */
export function ContentPageScreen({ screen, page }: { screen: ScreenId; page: ContentPage }) {
  return (
    <div className={styles.page}>
      <Breadcrumb screen={screen} name={page.title} />
      <article>
        <h1>{page.title}</h1>
        <p className={styles.lead}>{page.summary}</p>
        {page.image ? <ContentImage image={page.image} eager /> : null}
        <ContentBody html={page.body_html} renderSlot={renderSlot} />
      </article>
    </div>
  );
}
