/**
 * `<Video>`: a YouTube or Vimeo video behind a poster (docs/video.md). Until the visitor clicks the poster,
 * nothing is requested from the provider: the title and the poster picture come from our own API
 * (`/api/video/oembed`, `/api/video/poster/...`), read in the browser after hydration, and without them the
 * poster is drawn and shows the page's own title. The click renders the player (YouTube's no-cookie host,
 * Vimeo with do-not-track) with the spec's defaults: 640 by 320, controls on, loop and autoplay off, except
 * the autoplay the click itself asks for. Without JavaScript the poster is a plain link to the video.
 */
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useCallback, useReducer, useState } from 'react';
import {
  parseVideoRef,
  videoEmbedUrl,
  videoWatchUrl,
  VIDEO_EMBED_FEATURES,
  VIDEO_PLAYER_DEFAULTS,
  type VideoProvider,
  type VideoRef,
} from '../../../../contract/api/video';
import { useBrowserQuery, useHydrated } from '../../api/browser-query';
import { ApiError } from '../../api/http';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../contract/locales';
import { useLocale } from '../../hooks/use-locale';
import { videoQuery, type VideoOembed } from './video-api';
import styles from './video.module.css';

export interface VideoProps {
  /** A YouTube or Vimeo URL, or a bare id (contract/api/video.ts `parseVideoRef`). */
  src: string;
  /** Shown until the provider's title is known, and when it cannot be (offline, provider down). */
  fallbackTitle: string;
  width?: number;
  height?: number;
  controls?: boolean;
  loop?: boolean;
  className?: string;
}

export const PROVIDER_NAMES: Record<VideoProvider, string> = { youtube: 'YouTube', vimeo: 'Vimeo' };

/** The refusals shown in place of the player: the video cannot be played at all. Other failures keep the poster. */
export const FINAL_ERRORS = ['VIDEO_INVALID_ID', 'VIDEO_NOT_VIMEO_URL', 'VIDEO_NOT_FOUND', 'VIDEO_NOT_EMBEDDABLE'] as const;
export type VideoErrorCode = (typeof FINAL_ERRORS)[number];

export type VideoState = { view: 'poster' } | { view: 'player' };
export type VideoEvent = { type: 'play' };

/** Poster -> player, once; nothing leads back (the visitor chose to load the provider's player). */
export function videoReducer(state: VideoState, event: VideoEvent): VideoState {
  return event.type === 'play' ? { view: 'player' } : state;
}

/**
 * The iframe's `allow`: the features the page's Permissions-Policy delegates to the players, no more
 * (`fullscreen` here replaces the old `allowfullscreen` attribute; both together is a console warning).
 */
export const PLAYER_ALLOW = VIDEO_EMBED_FEATURES.join('; ');

export function Video({ src, fallbackTitle, className, ...options }: VideoProps) {
  const locale = useLocale();
  const parsed = parseVideoRef(src);
  if (!parsed.ok) return <VideoMessage locale={locale} code={parsed.code} className={className} />;
  // Keyed by the video: moving to another page's video (a related recipe) starts again from its poster.
  const key = `${parsed.ref.provider}:${parsed.ref.id}:${parsed.ref.hash ?? ''}`;
  return <VideoOf key={key} locale={locale} video={parsed.ref} fallbackTitle={fallbackTitle} className={className} {...options} />;
}

function VideoOf({
  locale,
  video: ref,
  fallbackTitle,
  className,
  ...options
}: Omit<VideoProps, 'src'> & { locale: Locale; video: VideoRef }) {
  const api = useRouteContext({ from: rootRouteId, select: (c) => c.api })(locale);
  const meta = useBrowserQuery({ ...videoQuery(api, ref), retry: false });
  const [state, dispatch] = useReducer(videoReducer, { view: 'poster' });
  const error = meta.status === 'failed' ? finalError(meta.error) : null;
  if (error) return <VideoMessage locale={locale} code={error} video={ref} className={className} />;
  return (
    <VideoView
      locale={locale}
      video={ref}
      state={state}
      meta={meta.data}
      fallbackTitle={fallbackTitle}
      className={className}
      onPlay={() => dispatch({ type: 'play' })}
      {...options}
    />
  );
}

function finalError(error: unknown): VideoErrorCode | null {
  const code = error instanceof ApiError ? error.code : undefined;
  return (FINAL_ERRORS as readonly string[]).includes(code ?? '') ? (code as VideoErrorCode) : null;
}

export interface VideoViewProps extends Omit<VideoProps, 'src'> {
  locale: Locale;
  video: VideoRef;
  state: VideoState;
  meta: VideoOembed | undefined;
  onPlay(): void;
}

/** What the component shows for a state: the poster (a link before hydration, a button after) or the player. */
export function VideoView({ locale, video: ref, state, meta, fallbackTitle, onPlay, className, ...options }: VideoViewProps) {
  const { t } = useTranslation(undefined, { lng: locale });
  const hydrated = useHydrated();
  const [pictureFailed, setPictureFailed] = useState(false);
  const width = options.width ?? VIDEO_PLAYER_DEFAULTS.width;
  const height = options.height ?? VIDEO_PLAYER_DEFAULTS.height;
  const title = meta?.title ?? fallbackTitle;
  const provider = PROVIDER_NAMES[ref.provider];
  // A size other than the spec's 640 by 320 (the stylesheet's default ratio) is set through the CSSOM, which the CSP allows.
  const sized = useCallback(
    (figure: HTMLElement | null) => {
      const frame = figure?.firstElementChild;
      if (figure && frame instanceof HTMLElement && (width !== VIDEO_PLAYER_DEFAULTS.width || height !== VIDEO_PLAYER_DEFAULTS.height)) {
        figure.style.setProperty('max-width', `${width}px`);
        frame.style.setProperty('aspect-ratio', `${width} / ${height}`);
      }
    },
    [width, height],
  );
  const focusPlayer = useCallback((el: HTMLIFrameElement | null) => el?.focus(), []);

  let inner;
  if (state.view === 'player') {
    inner = (
      <iframe
        ref={focusPlayer}
        className={styles.player}
        src={videoEmbedUrl(ref, {
          autoplay: true,
          controls: options.controls ?? VIDEO_PLAYER_DEFAULTS.controls,
          loop: options.loop ?? VIDEO_PLAYER_DEFAULTS.loop,
        })}
        title={t('video.frameTitle', { title })}
        width={width}
        height={height}
        allow={PLAYER_ALLOW}
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  } else {
    const face = (
      <>
        {meta?.thumbnail && !pictureFailed ? (
          <img
            className={styles.picture}
            src={meta.thumbnail.url}
            width={meta.thumbnail.width}
            height={meta.thumbnail.height}
            alt=""
            decoding="async"
            onError={() => setPictureFailed(true)}
          />
        ) : null}
        <span className={styles.playIcon} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
            <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
          </svg>
        </span>
      </>
    );
    inner = hydrated ? (
      <button type="button" className={styles.poster} onClick={onPlay} data-video-poster={ref.provider}>
        {face}
        <span className={styles.label}>{t('video.play', { title })}</span>
      </button>
    ) : (
      <a className={styles.poster} href={videoWatchUrl(ref)} data-video-poster={ref.provider}>
        {face}
        <span className={styles.label}>{t('video.watchAt', { provider, title })}</span>
      </a>
    );
  }
  return (
    <figure className={[styles.video, className].filter(Boolean).join(' ')} ref={sized}>
      <div className={styles.frame}>{inner}</div>
      <figcaption className={styles.note}>{t('video.privacy', { provider })}</figcaption>
    </figure>
  );
}

/** A refusal in place of the player, in the page's language; for a video that may not be embedded, a link to watch it at the provider. */
export function VideoMessage({
  locale,
  code,
  video: ref,
  className,
}: {
  locale: Locale;
  code: VideoErrorCode;
  video?: VideoRef;
  className?: string;
}) {
  const { t } = useTranslation(undefined, { lng: locale });
  return (
    <div className={[styles.video, styles.message, className].filter(Boolean).join(' ')} data-video-error={code}>
      <p>{t(`video.errors.${code}`)}</p>
      {code === 'VIDEO_NOT_EMBEDDABLE' && ref ? (
        <p>
          <a href={videoWatchUrl(ref)}>{t('video.watchElsewhere', { provider: PROVIDER_NAMES[ref.provider] })}</a>
        </p>
      ) : null}
    </div>
  );
}
