import { VIDEO_MESSAGES } from '../../../contract/api/video.js';
import { DomainError, type ErrorKind } from '../../platform/http/domain-error.js';
import { localizedMessage, registerErrorMessages, type LocalizedMessage } from '../../platform/i18n/index.js';

/**
 * Every refusal of the video module (docs/video.md): HTTP kind, and the message in the four languages.
 * The English texts of the first four are the spec's (section 8) word for word; the provider's failures
 * all begin with the spec's 'embed error' and name what happened (the status, the timeout).
 */
const CODES = {
  // a YouTube id or URL (or anything else) that does not parse
  VIDEO_INVALID_ID: {
    kind: 'invalid',
    hr: 'nije valjan ID videozapisa',
    en: VIDEO_MESSAGES.invalidId,
    de: 'keine gültige Video-ID',
    sl: 'ni veljaven ID videoposnetka',
  },
  // a reference on a Vimeo host that does not parse
  VIDEO_NOT_VIMEO_URL: {
    kind: 'invalid',
    hr: 'nije Vimeo adresa',
    en: VIDEO_MESSAGES.notVimeoUrl,
    de: 'keine Vimeo-URL',
    sl: 'ni naslov Vimeo',
  },
  // the provider answered 404
  VIDEO_NOT_FOUND: {
    kind: 'not_found',
    hr: 'nije pronađen',
    en: VIDEO_MESSAGES.notFound,
    de: 'wurde nicht gefunden',
    sl: 'ni bil najden',
  },
  // the provider answered 401 or 403 (private, or embedding switched off by its owner)
  VIDEO_NOT_EMBEDDABLE: {
    kind: 'forbidden',
    hr: 'ne može se ugraditi',
    en: VIDEO_MESSAGES.notEmbeddable,
    de: 'kann nicht eingebettet werden',
    sl: 'ni mogoče vdelati',
  },
  // any other status of the provider
  VIDEO_EMBED_FAILED: {
    kind: 'bad_gateway',
    hr: 'greška ugradnje: status {status}',
    en: 'embed error: status {status}',
    de: 'Einbettungsfehler: Status {status}',
    sl: 'napaka vdelave: status {status}',
  },
  VIDEO_EMBED_TIMEOUT: {
    kind: 'gateway_timeout',
    hr: 'greška ugradnje: pružatelj videozapisa nije odgovorio unutar {ms} ms',
    en: 'embed error: no answer from the video provider within {ms} ms',
    de: 'Einbettungsfehler: keine Antwort des Videoanbieters innerhalb von {ms} ms',
    sl: 'napaka vdelave: ponudnik videoposnetkov ni odgovoril v {ms} ms',
  },
  VIDEO_EMBED_UNREACHABLE: {
    kind: 'bad_gateway',
    hr: 'greška ugradnje: pružatelj videozapisa nije dostupan',
    en: 'embed error: the video provider could not be reached',
    de: 'Einbettungsfehler: der Videoanbieter ist nicht erreichbar',
    sl: 'napaka vdelave: ponudnik videoposnetkov ni dosegljiv',
  },
  // 200, but not an oEmbed document (no title, not JSON, too large)
  VIDEO_EMBED_INVALID_ANSWER: {
    kind: 'bad_gateway',
    hr: 'greška ugradnje: odgovor pružatelja videozapisa nije valjan oEmbed',
    en: "embed error: the video provider's answer is not valid oEmbed",
    de: 'Einbettungsfehler: die Antwort des Videoanbieters ist kein gültiges oEmbed',
    sl: 'napaka vdelave: odgovor ponudnika videoposnetkov ni veljaven oEmbed',
  },
  // the provider names no poster picture (or none from its own picture host)
  VIDEO_POSTER_NOT_FOUND: {
    kind: 'not_found',
    hr: 'Videozapis nema naslovnu sliku.',
    en: 'The video has no poster picture.',
    de: 'Das Video hat kein Vorschaubild.',
    sl: 'Videoposnetek nima naslovne slike.',
  },
  // the poster picture failed: status, size, type, timeout
  VIDEO_POSTER_UNAVAILABLE: {
    kind: 'bad_gateway',
    hr: 'greška ugradnje: naslovna slika se ne može učitati',
    en: 'embed error: the poster picture could not be loaded',
    de: 'Einbettungsfehler: das Vorschaubild konnte nicht geladen werden',
    sl: 'napaka vdelave: naslovne slike ni mogoče naložiti',
  },
} satisfies Record<string, LocalizedMessage & { kind: ErrorKind }>;

export type VideoErrorCode = keyof typeof CODES;

registerErrorMessages(Object.fromEntries(Object.entries(CODES).map(([code, { hr, en, de, sl }]) => [code, { hr, en, de, sl }])));

/** A refusal of the video module; `cacheControl` tells browsers how long the answer holds. */
export class VideoError extends DomainError {
  constructor(code: VideoErrorCode, params: Record<string, string | number> = {}, cacheControl?: string) {
    super(
      code,
      localizedMessage(code, 'en', params) ?? code,
      CODES[code].kind,
      code === 'VIDEO_INVALID_ID' || code === 'VIDEO_NOT_VIMEO_URL' ? 'url' : undefined,
      [],
      params,
      cacheControl ? { 'Cache-Control': cacheControl } : {},
    );
  }
}
