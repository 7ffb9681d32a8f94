/**
 * A campaign (docs/admin.md 'Newsletter'): while it is a draft, its name, what subscribers of other
 * languages get, and a tab per language (the kit's LanguageTabs: done/missing marks, the Croatian
 * text beside, copy from Croatian) with the subject, the line after it and the blocks of the body;
 * one save bar; the preview of the saved version in a sandboxed frame with its text version; a test
 * to one's own address; the send with a confirmation naming how many subscribers of each language
 * get it. Once sent: its figures and the preview. Pure: state and handlers come in as props.
 */
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import {
  CAMPAIGN_BLOCK_TYPES,
  CAMPAIGN_MAX_BLOCKS,
  CAMPAIGN_PREHEADER_MAX,
  CAMPAIGN_SUBJECT_MAX,
  type AdminCampaignDetail,
  type CampaignBlock,
  type CampaignBlockType,
} from '../../../contract/api/admin-newsletter';
import { LOCALE_TAGS, LOCALES, type Locale } from '../../../contract/locales';
import { zagrebDateTime } from '../history/zagreb';
import type { AdminLanguage } from '../i18n';
import { formKeys, SaveBar } from '../kit/save-bar';
import { LanguageTabs, SOURCE_LANGUAGE, TranslatedField } from '../kit/translations';
import { tabValues, type CampaignValues, type VersionValues } from './campaign-form';

export interface CampaignEditViewProps {
  t: TFunction;
  language: AdminLanguage;
  /** null: a new campaign. */
  campaign: AdminCampaignDetail | null;
  values: CampaignValues;
  changedCount: number;
  /** Messages by field id (campaign-name, campaign-de-subject, campaign-hr-block-2-text, ...). */
  errors: Readonly<Record<string, string>>;
  formErrors: readonly string[];
  notice: string | null;
  busy: boolean;
  active: Locale;
  onTab: (language: Locale) => void;
  onName: (name: string) => void;
  onOthers: (others: CampaignValues['other_languages']) => void;
  onVersion: (language: Locale, patch: Partial<VersionValues>) => void;
  onWriteLanguage: (language: Locale) => void;
  onDropLanguage: (language: Locale) => void;
  onBlock: (language: Locale, index: number, block: CampaignBlock) => void;
  onAddBlock: (language: Locale, type: CampaignBlockType) => void;
  onMoveBlock: (language: Locale, index: number, by: -1 | 1) => void;
  onRemoveBlock: (language: Locale, index: number) => void;
  onSave: () => void;
  onDiscard: () => void;
  /** The saved version's preview document (the API's URL) and its text, for the active language; null: nothing saved to show. */
  preview: { src: string; text: string | null } | null;
  testLanguage: Locale;
  onTestLanguage: (language: Locale) => void;
  onTest: () => void;
  confirming: boolean;
  onAskSend: () => void;
  onConfirmSend: () => void;
  onCancelSend: () => void;
  backLink: ReactNode;
  history?: ReactNode;
}

const blockId = (l: Locale, i: number, field: string) => `campaign-${l}-block-${i}-${field}`;

export function CampaignEditView(props: CampaignEditViewProps) {
  const { t, campaign, values, errors, active } = props;
  const isNew = campaign === null;
  const draft = isNew || campaign.status === 'draft';
  const title = isNew ? t('newsletter.newTitle') : campaign.name;
  const languageName = (l: Locale) => t(`kit.language.${l}`);

  const error = (id: string) =>
    errors[id] ? (
      <p id={`${id}-error`} className="field-error">
        {errors[id]}
      </p>
    ) : null;
  const input = (
    id: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    opts: { hint?: string; multiline?: boolean; lang?: string; maxLength?: number; type?: string } = {},
  ) => {
    const described = [opts.hint ? `${id}-hint` : null, errors[id] ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
    const common = {
      id,
      name: id,
      value,
      lang: opts.lang,
      maxLength: opts.maxLength,
      'aria-invalid': errors[id] ? true : undefined,
      'aria-describedby': described,
    };
    return (
      <div className={`field${errors[id] ? ' invalid' : ''}`}>
        <label htmlFor={id}>{label}</label>
        {opts.hint ? (
          <p id={`${id}-hint`} className="hint">
            {opts.hint}
          </p>
        ) : null}
        {opts.multiline ? (
          <textarea {...common} rows={5} onChange={(e) => onChange(e.currentTarget.value)} />
        ) : (
          <input {...common} type={opts.type ?? 'text'} autoComplete="off" onChange={(e) => onChange(e.currentTarget.value)} />
        )}
        {error(id)}
      </div>
    );
  };

  const blockEditor = (l: Locale, block: CampaignBlock, i: number, count: number) => {
    const set = (patch: Partial<CampaignBlock>) => props.onBlock(l, i, { ...block, ...patch } as CampaignBlock);
    const kind = t(`newsletter.blocks.${block.type}`);
    return (
      <fieldset className="block" key={i} id={blockId(l, i, 'type')} tabIndex={-1}>
        <legend>{t('newsletter.blocks.legend', { n: i + 1, kind })}</legend>
        {block.type === 'heading' || block.type === 'paragraph'
          ? input(blockId(l, i, 'text'), t('newsletter.fields.text'), block.text, (text) => set({ text }), {
              multiline: block.type === 'paragraph',
              lang: l,
              maxLength: block.type === 'heading' ? 200 : 5000,
            })
          : null}
        {block.type === 'image' ? (
          <>
            {input(blockId(l, i, 'src'), t('newsletter.fields.src'), block.src, (src) => set({ src }), {
              hint: t('newsletter.hints.src'),
              maxLength: 2000,
            })}
            {input(blockId(l, i, 'alt'), t('newsletter.fields.alt'), block.alt, (alt) => set({ alt }), {
              hint: t('newsletter.hints.alt'),
              lang: l,
              maxLength: 300,
            })}
          </>
        ) : null}
        {block.type === 'button' ? (
          <>
            {input(blockId(l, i, 'label'), t('newsletter.fields.label'), block.label, (label) => set({ label }), {
              lang: l,
              maxLength: 80,
            })}
            {input(blockId(l, i, 'url'), t('newsletter.fields.url'), block.url, (url) => set({ url }), {
              hint: t('newsletter.hints.url'),
              maxLength: 2000,
            })}
          </>
        ) : null}
        <div className="block-actions">
          <button type="button" className="secondary" onClick={() => props.onMoveBlock(l, i, -1)} disabled={i === 0}>
            {t('newsletter.blocks.up')}
            <span className="visually-hidden"> ({t('newsletter.blocks.legend', { n: i + 1, kind })})</span>
          </button>
          <button type="button" className="secondary" onClick={() => props.onMoveBlock(l, i, 1)} disabled={i === count - 1}>
            {t('newsletter.blocks.down')}
            <span className="visually-hidden"> ({t('newsletter.blocks.legend', { n: i + 1, kind })})</span>
          </button>
          <button type="button" className="secondary" onClick={() => props.onRemoveBlock(l, i)} disabled={count === 1}>
            {t('newsletter.blocks.remove')}
            <span className="visually-hidden"> ({t('newsletter.blocks.legend', { n: i + 1, kind })})</span>
          </button>
        </div>
      </fieldset>
    );
  };

  const versionPanel = (l: Locale) => {
    const v = values.versions[l];
    const hr = values.versions.hr;
    if (!v)
      return (
        <div className="not-written">
          <p>
            {t('newsletter.notWritten', { language: languageName(l) })}{' '}
            {values.other_languages === 'hr' ? t('newsletter.othersGetHr') : t('newsletter.othersSkipped')}
          </p>
          <button type="button" id={`campaign-${l}-write`} onClick={() => props.onWriteLanguage(l)}>
            {t('newsletter.write', { language: languageName(l) })}
          </button>
        </div>
      );
    return (
      <>
        <TranslatedField
          id={`campaign-${l}-subject`}
          label={t('newsletter.fields.subject')}
          language={l}
          value={v.subject}
          source={hr?.subject}
          onChange={(subject) => props.onVersion(l, { subject: subject.slice(0, CAMPAIGN_SUBJECT_MAX) })}
          required
          error={errors[`campaign-${l}-subject`]}
          t={t}
        />
        <TranslatedField
          id={`campaign-${l}-preheader`}
          label={t('newsletter.fields.preheader')}
          language={l}
          value={v.preheader}
          source={hr?.preheader}
          onChange={(preheader) => props.onVersion(l, { preheader: preheader.slice(0, CAMPAIGN_PREHEADER_MAX) })}
          hint={t('newsletter.hints.preheader')}
          error={errors[`campaign-${l}-preheader`]}
          t={t}
        />
        <h3 className="blocks-title">{t('newsletter.blocks.title')}</h3>
        {v.blocks.map((b, i) => blockEditor(l, b, i, v.blocks.length))}
        {error(`campaign-${l}-add`)}
        {v.blocks.length < CAMPAIGN_MAX_BLOCKS ? (
          <div className="block-add" role="group" aria-label={t('newsletter.blocks.add')}>
            <span>{t('newsletter.blocks.add')}</span>
            {CAMPAIGN_BLOCK_TYPES.map((type) => (
              <button
                key={type}
                type="button"
                className="secondary"
                id={type === 'heading' ? `campaign-${l}-add` : undefined}
                onClick={() => props.onAddBlock(l, type)}
              >
                {t(`newsletter.blocks.${type}`)}
              </button>
            ))}
          </div>
        ) : null}
        {l !== SOURCE_LANGUAGE ? (
          <p>
            <button type="button" className="link-button" onClick={() => props.onDropLanguage(l)}>
              {t('newsletter.drop', { language: languageName(l) })}
            </button>
          </p>
        ) : null}
      </>
    );
  };

  const counts = campaign?.counts;
  const audience = campaign?.audience ?? [];
  const getting = audience.filter((a) => a.gets).reduce((n, a) => n + a.subscribers, 0);
  const saved = campaign ? (LOCALES.filter((l) => campaign.content[l]) as Locale[]) : [];

  return (
    <>
      <p className="back">{props.backLink}</p>
      <div className="screen-head">
        <h1>{title}</h1>
        {campaign ? <span className={`state state-${campaign.status}`}>{t(`newsletter.campaignStatus.${campaign.status}`)}</span> : null}
      </div>
      {props.notice ? (
        <p role="status" className="notice" id="campaign-notice" tabIndex={-1}>
          {props.notice}
        </p>
      ) : null}
      {props.formErrors.length > 0 ? (
        <div role="alert" className="problem" id="campaign-form-error" tabIndex={-1}>
          {props.formErrors.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      ) : null}

      {counts && campaign && !draft ? (
        <section className="card figures" aria-labelledby="figures-title">
          <h2 id="figures-title">{t('newsletter.figures.title')}</h2>
          <dl>
            {(['recipients', 'sent', 'queued', 'failed', 'skipped', 'stopped', 'unsubscribed_since'] as const).map((k) => (
              <div key={k}>
                <dt>{t(`newsletter.counts.${k}`)}</dt>
                <dd>{counts[k]}</dd>
              </div>
            ))}
          </dl>
          <p className="hint">
            {campaign.send_started_at
              ? t('newsletter.figures.started', { at: zagrebDateTime(campaign.send_started_at, LOCALE_TAGS[props.language]) })
              : null}{' '}
            {campaign.finished_at
              ? t('newsletter.figures.finished', { at: zagrebDateTime(campaign.finished_at, LOCALE_TAGS[props.language]) })
              : t('newsletter.figures.underway')}
          </p>
        </section>
      ) : null}

      {draft ? (
        <form
          className="campaign-form"
          noValidate
          aria-labelledby="campaign-form-title"
          onSubmit={(e) => {
            e.preventDefault();
            props.onSave();
          }}
          onKeyDown={(e) => formKeys(e, props.onSave)}
        >
          <h2 id="campaign-form-title" className="visually-hidden">
            {title}
          </h2>
          {input('campaign-name', t('newsletter.fields.name'), values.name, props.onName, {
            hint: t('newsletter.hints.name'),
            maxLength: 120,
          })}
          <fieldset className="others">
            <legend>{t('newsletter.fields.others')}</legend>
            {(['skip', 'hr'] as const).map((o) => (
              <div className="tick" key={o}>
                <input
                  id={`campaign-others-${o}`}
                  type="radio"
                  name="other_languages"
                  value={o}
                  checked={values.other_languages === o}
                  onChange={() => props.onOthers(o)}
                />
                <label htmlFor={`campaign-others-${o}`}>{t(`newsletter.others.${o}`)}</label>
              </div>
            ))}
          </fieldset>
          <LanguageTabs
            idPrefix="campaign"
            active={active}
            onSelect={props.onTab}
            values={tabValues(values)}
            required={['subject', 'body']}
            t={t}
          >
            {versionPanel(active)}
          </LanguageTabs>
          <SaveBar
            count={isNew ? Math.max(1, props.changedCount) : props.changedCount}
            saving={props.busy}
            onSave={props.onSave}
            onDiscard={props.onDiscard}
            t={t}
          />
        </form>
      ) : null}

      {campaign ? (
        <section className="card preview" aria-labelledby="preview-title">
          <h2 id="preview-title">{t('newsletter.preview.title', { language: languageName(active) })}</h2>
          {!draft ? (
            <div className="preview-languages" role="group" aria-label={t('kit.languages')}>
              {saved.map((l) => (
                <button key={l} type="button" className="secondary" aria-pressed={l === active} onClick={() => props.onTab(l)}>
                  {languageName(l)}
                </button>
              ))}
            </div>
          ) : null}
          {props.preview ? (
            <>
              {draft && props.changedCount > 0 ? <p className="hint">{t('newsletter.preview.saveFirst')}</p> : null}
              <iframe
                className="mail-preview"
                title={t('newsletter.preview.frame', { language: languageName(active) })}
                src={props.preview.src}
                sandbox="allow-popups allow-popups-to-escape-sandbox"
                referrerPolicy="no-referrer"
                loading="lazy"
              />
              {props.preview.text ? (
                <details>
                  <summary>{t('newsletter.preview.text')}</summary>
                  <pre className="mail-text" lang={active}>
                    {props.preview.text}
                  </pre>
                </details>
              ) : null}
            </>
          ) : (
            <p>{t('newsletter.preview.none', { language: languageName(active) })}</p>
          )}
        </section>
      ) : (
        <p className="hint">{t('newsletter.preview.afterCreate')}</p>
      )}

      {campaign && draft ? (
        <section className="card test-send" aria-labelledby="test-title">
          <h2 id="test-title">{t('newsletter.test.title')}</h2>
          <p className="hint" id="test-hint">
            {t('newsletter.test.hint')}
          </p>
          <div className="field-pair">
            <div className="field">
              <label htmlFor="campaign-test-language">{t('newsletter.test.language')}</label>
              <select
                id="campaign-test-language"
                value={props.testLanguage}
                onChange={(e) => props.onTestLanguage(e.currentTarget.value as Locale)}
                aria-describedby="test-hint"
              >
                {saved.map((l) => (
                  <option key={l} value={l}>
                    {languageName(l)}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" className="secondary" onClick={props.onTest} aria-disabled={props.busy || undefined}>
              {t('newsletter.test.send')}
            </button>
          </div>
        </section>
      ) : null}

      {campaign && draft ? (
        <section className="card send" aria-labelledby="send-title">
          <h2 id="send-title">{t('newsletter.send.title')}</h2>
          <ul className="audience">
            {audience.map((a) => (
              <li key={a.locale}>
                <strong>{languageName(a.locale)}</strong>:{' '}
                {a.gets
                  ? t('newsletter.send.gets', { count: a.subscribers, version: languageName(a.gets) })
                  : t('newsletter.send.skipped', { count: a.subscribers })}
              </li>
            ))}
          </ul>
          <p className="hint">{t('newsletter.send.hint')}</p>
          {props.changedCount > 0 ? (
            <p className="hint">{t('newsletter.send.saveFirst')}</p>
          ) : props.confirming ? (
            <div className="confirm" role="alertdialog" aria-labelledby="send-confirm-text" aria-modal="false">
              <p id="send-confirm-text">{t('newsletter.send.question', { count: getting, name: campaign.name })}</p>
              <div className="save-actions">
                <button type="button" id="campaign-send-confirm" onClick={props.onConfirmSend} aria-disabled={props.busy || undefined}>
                  {t('newsletter.send.confirm', { count: getting })}
                </button>
                <button type="button" className="secondary" onClick={props.onCancelSend}>
                  {t('newsletter.send.cancel')}
                </button>
              </div>
            </div>
          ) : (
            <button type="button" id="campaign-send" onClick={props.onAskSend} disabled={getting === 0}>
              {getting === 0 ? t('newsletter.send.nobody') : t('newsletter.send.button', { count: getting })}
            </button>
          )}
        </section>
      ) : null}
      {props.history}
    </>
  );
}
