/**
 * The campaign editor's state (docs/admin.md 'Newsletter'): the name, what subscribers of other
 * languages get, and per language the subject, the line after it and the blocks of the body. A
 * language is either written (present) or not (absent: never an empty version); Croatian always is.
 * Pure: converts to and from the API's shapes and counts the changes for the save bar.
 */
import type {
  AdminCampaignDetail,
  CampaignBlock,
  CampaignBlockType,
  CampaignContent,
  CampaignOthers,
  CreateCampaignBody,
} from '../../../contract/api/admin-newsletter';
import { LOCALES, type Locale } from '../../../contract/locales';

export interface VersionValues {
  subject: string;
  preheader: string;
  blocks: CampaignBlock[];
}

export interface CampaignValues {
  name: string;
  other_languages: CampaignOthers;
  versions: Partial<Record<Locale, VersionValues>>;
}

/** A new block of a kind, empty. */
export function emptyBlock(type: CampaignBlockType): CampaignBlock {
  switch (type) {
    case 'heading':
      return { type, text: '' };
    case 'paragraph':
      return { type, text: '' };
    case 'image':
      return { type, src: '', alt: '' };
    case 'button':
      return { type, label: '', url: '' };
  }
}

/** A new version: a heading and a paragraph to write into. */
export function emptyVersion(): VersionValues {
  return { subject: '', preheader: '', blocks: [emptyBlock('heading'), emptyBlock('paragraph')] };
}

export const EMPTY_CAMPAIGN: CampaignValues = { name: '', other_languages: 'skip', versions: { hr: emptyVersion() } };

export function valuesOf(c: AdminCampaignDetail): CampaignValues {
  const versions: Partial<Record<Locale, VersionValues>> = {};
  for (const l of LOCALES) {
    const v = c.content[l];
    if (v) versions[l] = { subject: v.subject, preheader: v.preheader ?? '', blocks: v.blocks.map((b) => ({ ...b })) };
  }
  return { name: c.name, other_languages: c.other_languages, versions };
}

/** The content as the API takes it (an empty line after the subject is left out). */
export function contentOf(values: CampaignValues): CampaignContent {
  const content: CampaignContent = {};
  for (const l of LOCALES) {
    const v = values.versions[l];
    if (v) content[l] = { subject: v.subject, ...(v.preheader.trim() ? { preheader: v.preheader } : {}), blocks: v.blocks };
  }
  return content;
}

export function createBody(values: CampaignValues): CreateCampaignBody {
  return { name: values.name, content: contentOf(values), other_languages: values.other_languages };
}

/** What changed against the saved values, one entry per changed part (the save bar's count). */
export function changedParts(values: CampaignValues, saved: CampaignValues): string[] {
  const parts: string[] = [];
  if (values.name !== saved.name) parts.push('name');
  if (values.other_languages !== saved.other_languages) parts.push('other_languages');
  for (const l of LOCALES) {
    const a = values.versions[l];
    const b = saved.versions[l];
    if (!a || !b) {
      if (a || b) parts.push(`${l}`);
      continue;
    }
    if (a.subject !== b.subject) parts.push(`${l}.subject`);
    if (a.preheader !== b.preheader) parts.push(`${l}.preheader`);
    if (JSON.stringify(a.blocks) !== JSON.stringify(b.blocks)) parts.push(`${l}.blocks`);
  }
  return parts;
}

/** The body's PATCH: only what changed (`content` whole when any version changed). */
export function updateBody(values: CampaignValues, changed: readonly string[]): Record<string, unknown> {
  return {
    ...(changed.includes('name') ? { name: values.name } : {}),
    ...(changed.includes('other_languages') ? { other_languages: values.other_languages } : {}),
    ...(changed.some((c) => c !== 'name' && c !== 'other_languages') ? { content: contentOf(values) } : {}),
  };
}

/** A version's fields as the kit's language tabs read them (a written language is done when it has a subject and a body). */
export function tabValues(values: CampaignValues): Partial<Record<Locale, Partial<Record<'subject' | 'body', string | null>>>> {
  return Object.fromEntries(
    LOCALES.map((l) => {
      const v = values.versions[l];
      return [l, { subject: v?.subject ?? null, body: v && v.blocks.length > 0 ? 'x' : null }];
    }),
  );
}

/** Moves block `i` of a list one place up (-1) or down (+1). */
export function moveBlock(blocks: readonly CampaignBlock[], i: number, by: -1 | 1): CampaignBlock[] {
  const j = i + by;
  if (j < 0 || j >= blocks.length) return [...blocks];
  const next = [...blocks];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

/**
 * The API's field path of an error (`content.de.blocks.2.text`) as the editor's field id
 * (`campaign-de-block-2-text`), `name` as `campaign-name`; null for an error of the whole form.
 */
export function fieldIdOf(path: string | undefined): string | null {
  if (!path) return null;
  if (path === 'name') return 'campaign-name';
  if (path === 'other_languages') return 'campaign-others-skip';
  const m = /^content\.(hr|en|de|sl)(?:\.(subject|preheader|blocks)(?:\.(\d+)(?:\.(text|src|alt|label|url))?)?)?$/.exec(path);
  if (!m) return null;
  const [, l, part, index, field] = m;
  if (part === 'subject' || part === 'preheader') return `campaign-${l}-${part}`;
  if (part === 'blocks' && index !== undefined) return `campaign-${l}-block-${index}-${field ?? 'type'}`;
  if (part === 'blocks') return `campaign-${l}-add`;
  return `campaign-${l}-subject`;
}

/** The language of a field id (to open its tab before focusing it). */
export function languageOfField(id: string): Locale | null {
  const m = /^campaign-(hr|en|de|sl)-/.exec(id);
  return m ? (m[1] as Locale) : null;
}
