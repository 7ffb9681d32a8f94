import { Breadcrumb } from '../../components/breadcrumb';
import { CROATIAN_ALPHABET } from '../../brand/alphabet';
import { Marquee } from '../../components/motion/marquee';
import { Reveal } from '../../components/motion/reveal';
import { useT } from '../../hooks/use-locale';
import { ProductCardSection } from '../catalog/product-card';
import type { AboutUs, Campaign, DownloadView, EuProjects } from './content-api';
import { ContentBody, ContentImage } from './content-parts';
import { formatDate, formatEuroAmount } from './format';
import { renderSlot } from './slots';
import { Video } from '../video/video';
import styles from './content.module.css';

/** About us: the story (page 'about-us'), the timeline from 1992, the team, B2B customers, certificates with validity, downloads. */
export function AboutUsScreen({ data, downloads = [] }: { data: AboutUs; downloads?: DownloadView[] }) {
  const { t, locale } = useT();
  const page = data.page;
  return (
    <div className={styles.page}>
      <Breadcrumb screen="about_us" name="" />
      <h1>{page?.title ?? t('screens.about_us.heading')}</h1>
      {page ? <p className={styles.lead}>{page.summary}</p> : null}
      {page?.image ? <ContentImage image={page.image} eager /> : null}
      {page ? <ContentBody html={page.body_html} renderSlot={renderSlot} /> : null}

      {data.timeline.length > 0 ? (
        <section aria-labelledby="about-timeline" className={styles.section}>
          <h2 id="about-timeline">{t('content.about.timeline')}</h2>
          <ol className={styles.timeline}>
            {data.timeline.map((e) => (
              <li key={e.key}>
                <p className={styles.year}>{e.year}</p>
                <h3>{e.title}</h3>
                <p>{e.summary}</p>
                {e.body_html.trim() ? <ContentBody html={e.body_html} /> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {data.team.length > 0 ? (
        <section aria-labelledby="about-team" className={styles.section}>
          <h2 id="about-team">{t('content.about.team')}</h2>
          <ul className={styles.grid}>
            {data.team.map((m) => (
              <li key={m.key}>
                <article className={styles.card}>
                  <ContentImage image={m.image} className={styles.cardImage} />
                  <div className={styles.cardBody}>
                    <h3 className={styles.cardTitle}>{m.title}</h3>
                    <p className={styles.kicker}>{m.role}</p>
                    <p>{m.summary}</p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {data.b2b_customers.length > 0 ? (
        <section aria-labelledby="about-customers" className={styles.section}>
          <h2 id="about-customers">{t('content.about.customers')}</h2>
          <ul className={styles.grid}>
            {data.b2b_customers.map((c) => (
              <li key={c.key}>
                <article className={styles.card}>
                  <div className={styles.cardBody}>
                    <p className={styles.kicker}>
                      {t(`content.about.kinds.${c.kind}`)} · {c.town}
                    </p>
                    <h3 className={styles.cardTitle}>{c.title}</h3>
                    <p>{c.summary}</p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {data.certificates.length > 0 ? (
        <section aria-labelledby="about-certificates" className={styles.section}>
          <h2 id="about-certificates">{t('content.about.certificates')}</h2>
          <ul className={styles.grid}>
            {data.certificates.map((c) => (
              <li key={c.key}>
                <article className={styles.card}>
                  <div className={styles.cardBody}>
                    <h3 className={styles.cardTitle}>{c.standard}</h3>
                    <p>{c.summary}</p>
                    <dl className={styles.factsList}>
                      {c.grade ? (
                        <div>
                          <dt>{t('content.about.grade')}</dt>
                          <dd>{c.grade}</dd>
                        </div>
                      ) : null}
                      <div>
                        <dt>{t('content.about.certificateNumber')}</dt>
                        <dd>{c.certificate_number}</dd>
                      </div>
                      <div>
                        <dt>{t('content.about.issuer')}</dt>
                        <dd>{c.issuer}</dd>
                      </div>
                      <div>
                        <dt>{t('content.about.validity')}</dt>
                        <dd>
                          {t('content.about.validRange', {
                            from: formatDate(c.valid_from, locale),
                            until: formatDate(c.valid_until, locale),
                          })}
                        </dd>
                      </div>
                    </dl>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {downloads.length > 0 || data.downloads.length > 0 ? (
        <section aria-labelledby="about-downloads" className={styles.section}>
          <h2 id="about-downloads">{t('content.about.downloads')}</h2>
          <ul>
            {downloads.length > 0
              ? downloads.map((d) => (
                  <li key={d.kind} data-download={d.kind}>
                    <a href={d.url} download={d.file_name} type={d.content_type}>
                      <strong>{d.title}</strong> (PDF, {formatFileSize(d.size_bytes, locale)})
                    </a>
                    : {d.summary}
                  </li>
                ))
              : data.downloads.map((d) => (
                  <li key={d.key}>
                    <strong>{d.title}</strong>: {d.summary}
                  </li>
                ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** The story page: the song-preservation campaign, its book and the alphabet collection with 'add to cart'. */
export function StoryScreen({ campaign }: { campaign: Campaign }) {
  const { t } = useT();
  return (
    <div className={styles.page}>
      <Breadcrumb screen="story" name="" />
      <article>
        <div className={styles.entryTop}>
          <div className={styles.entryText}>
            <h1>{campaign.title}</h1>
            <p className={styles.lead}>{campaign.summary}</p>
            {campaign.book ? (
              <p>
                <strong>{t('content.story.book')}:</strong>{' '}
                {t('content.story.bookFacts', { title: campaign.book.title, pages: campaign.book.pages, year: campaign.book.year })}
              </p>
            ) : null}
          </div>
          <div className={styles.entryMedia}>
            <ContentImage image={campaign.image} eager />
          </div>
        </div>
        {campaign.video ? <Video src={campaign.video} fallbackTitle={campaign.title} /> : null}
        <ContentBody html={campaign.body_html} renderSlot={renderSlot} />
        <Marquee label={t('content.story.lettersLabel')} className={styles.letters}>
          {CROATIAN_ALPHABET.map((letter) => (
            <span key={letter} className={styles.letter} lang="hr">
              {letter}
            </span>
          ))}
        </Marquee>
        <Reveal summary={t('content.story.lettersWhy')}>
          <p>{t('content.story.lettersText')}</p>
        </Reveal>
      </article>
      <ProductCardSection
        id="story-products"
        heading={t('content.story.products')}
        products={campaign.products}
        className={styles.section}
        gridClassName={styles.grid}
      />
    </div>
  );
}

/** The EU flag (emblem): twelve five-pointed gold stars in a circle on blue, 3:2. */
export function EuEmblem({ title }: { title: string }) {
  const stars = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    return { x: 90 + 40 * Math.sin(a), y: 60 - 40 * Math.cos(a) };
  });
  const star = (cx: number, cy: number) =>
    Array.from({ length: 10 }, (_, k) => {
      const r = k % 2 === 0 ? 6.67 : 2.55;
      const a = (k * Math.PI) / 5;
      return `${(cx + r * Math.sin(a)).toFixed(2)},${(cy - r * Math.cos(a)).toFixed(2)}`;
    }).join(' ');
  return (
    <svg width="90" height="60" viewBox="0 0 180 120" role="img" aria-label={title}>
      <rect width="180" height="120" fill="#003399" />
      {stars.map((s, i) => (
        <polygon key={i} points={star(s.x, s.y)} fill="#FFCC00" />
      ))}
    </svg>
  );
}

/** EU projects: each with fund, reference, total value and EU share, period, objectives, results; the emblem and funding statement. */
export function EuProjectsScreen({ data }: { data: EuProjects }) {
  const { t, locale } = useT();
  return (
    <div className={styles.page}>
      <Breadcrumb screen="eu_projects" name="" />
      <h1>{data.page?.title ?? t('screens.eu_projects.heading')}</h1>
      <div className={styles.euStatement}>
        <EuEmblem title={t('content.eu.emblemAlt')} />
        <p>
          <strong>{t('content.eu.statement')}</strong>
        </p>
      </div>
      {data.page ? <p className={styles.lead}>{data.page.summary}</p> : null}
      {data.page ? <ContentBody html={data.page.body_html} renderSlot={renderSlot} /> : null}
      {data.projects.map((p) => (
        <section key={p.key} aria-labelledby={`eu-${p.key}`} className={styles.section}>
          <h2 id={`eu-${p.key}`}>{p.title}</h2>
          <p className={styles.lead}>{p.summary}</p>
          <ContentImage image={p.image} />
          <dl className={styles.facts}>
            <div>
              <dt>{t('content.eu.fund')}</dt>
              <dd>{p.fund}</dd>
            </div>
            <div>
              <dt>{t('content.eu.reference')}</dt>
              <dd>{p.reference}</dd>
            </div>
            <div>
              <dt>{t('content.eu.totalValue')}</dt>
              <dd>{formatEuroAmount(p.total_value_eur, locale)}</dd>
            </div>
            <div>
              <dt>{t('content.eu.euShare')}</dt>
              <dd>{formatEuroAmount(p.eu_share_eur, locale)}</dd>
            </div>
            <div>
              <dt>{t('content.eu.period')}</dt>
              <dd>
                {formatDate(p.period_start, locale)} – {formatDate(p.period_end, locale)}
              </dd>
            </div>
          </dl>
          <ContentBody html={p.body_html} />
          <h3>{t('content.eu.objectives')}</h3>
          <ul>
            {p.objectives.map((o, i) => (
              <li key={i}>{o}</li>
            ))}
          </ul>
          <h3>{t('content.eu.results')}</h3>
          <ul>
            {p.results.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </ul>
          <div className={styles.euStatement}>
            <EuEmblem title={t('content.eu.emblemAlt')} />
            <p>{t('content.eu.fundStatement', { fund: p.fund })}</p>
          </div>
        </section>
      ))}
    </div>
  );
}

/** A file's size as a visitor reads it: '48 kB' (decimal kilobytes, as browsers' download lists show). */
export function formatFileSize(bytes: number, locale: string): string {
  const kb = new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
  const mb = new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
  return bytes < 1_000_000 ? kb.format(Math.max(1, Math.round(bytes / 1000))) : mb.format(bytes / 1_000_000);
}
