import { z } from 'zod';
import { B2bCustomerKind, DownloadKind, isContentSlug, MethodLine, type ContentType } from '../../../contract/api/content.js';
import { parseVideoRef } from '../../../contract/api/video.js';

/**
 * The front matter of every content type (docs/content.md), as zod schemas. Each type splits its own
 * fields into `shared` ones (not words: equal in the four language files, kept once on the entry)
 * and `texts` (per language). Unknown fields are refused, so a misspelt field is reported instead of
 * silently missing.
 */

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `at most ${max} characters`);
const slug = z.string().refine(isContentSlug, 'lowercase letters, digits and single hyphens only');
const key = slug;
const productCode = z.string().regex(/^[A-Z0-9][A-Z0-9-]{1,40}$/, 'a catalogue code like ZZ-PENN-400');
const isoDate = z.iso.date('a date YYYY-MM-DD');
/** A YouTube or Vimeo URL (or bare id) as the video component reads it (docs/video.md); a bad one fails the import with the spec's text. */
const video = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const parsed = parseVideoRef(v);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: `${parsed.message} (a YouTube or Vimeo URL, e.g. https://www.youtube.com/watch?v=…)` });
  });
const whole = z.number().int('a whole number').min(0);
const amount = z.number().min(0);
const eur = z
  .number()
  .min(0)
  .refine((n) => Math.round(n * 100) === Math.round(n * 100 * 1e6) / 1e6, 'at most 2 decimals');

/** Front matter fields every type has. */
export const CommonFrontMatter = z.object({
  title: text(200),
  slug: slug.optional(),
  summary: text(1000),
  seo_title: text(200).optional(),
  seo_description: text(400).optional(),
  image: z
    .string()
    .regex(/^[a-z0-9-]+(?:\/[a-z0-9][a-z0-9._-]*)+\.svg$/, 'a path under content/images/ ending in .svg, e.g. recipes/penne.svg')
    .refine((p) => !p.split('/').includes('..'), 'must stay inside content/images/')
    .optional(),
  image_alt: text(400).optional(),
  status: z.enum(['published', 'draft']).optional(),
  // YAML 1.2 keeps a timestamp as text; a YAML 1.1 parser would make it a Date.
  published_at: z
    .union([z.date(), z.string()])
    .transform((v) => (v instanceof Date ? v.toISOString() : v))
    .pipe(z.iso.datetime({ offset: true, message: 'an ISO 8601 date-time with offset, e.g. 2026-03-14T09:00:00+01:00' }))
    .optional(),
  position: z.number().int().optional(),
});
export type CommonFrontMatter = z.infer<typeof CommonFrontMatter>;

export interface TypeDefinition {
  /** Has a page of its own: `slug` required. */
  slug: boolean;
  image: 'required' | 'optional';
  /** `published_at` required (blog). */
  publishedAtRequired?: boolean;
  /** Needs a Markdown body. */
  body: 'required' | 'optional' | 'none';
  shared: z.ZodObject;
  texts: z.ZodObject;
  /** Per-language fields that are Markdown (rendered to `<name>_html`). */
  markdownTexts?: string[];
}

const none = z.object({});

const nutrition = z
  .object({
    energy_kcal: amount,
    fat_g: amount,
    saturated_fat_g: amount,
    carbohydrates_g: amount,
    sugars_g: amount,
    protein_g: amount,
    fibre_g: amount,
    salt_g: amount,
  })
  .strict();

export const CONTENT_TYPE_DEFINITIONS: Record<ContentType, TypeDefinition> = {
  pages: { slug: false, image: 'optional', body: 'required', shared: none, texts: none },
  'recipe-categories': { slug: true, image: 'optional', body: 'none', shared: none, texts: none },
  recipes: {
    slug: true,
    image: 'required',
    body: 'optional',
    shared: z.object({
      category: key,
      preparation_minutes: whole,
      cooking_minutes: whole,
      servings: z.number().int().min(1),
      calories_per_person: amount,
      nutrition,
      related: z.array(key).default([]),
      products: z.array(productCode).default([]),
    }),
    texts: z.object({
      marination: text(1000).optional(),
      serving: text(1000),
      origin: text(200),
      ingredients: z
        .array(
          z
            .object({
              amount: z.union([z.string(), z.number()]).transform(String).pipe(text(60)),
              item: text(200),
              product: productCode.optional(),
            })
            .strict(),
        )
        .min(1),
      steps: z.array(text(2000)).min(1),
      video: video.optional(),
    }),
  },
  blog: {
    slug: true,
    image: 'required',
    body: 'required',
    publishedAtRequired: true,
    shared: none,
    texts: z.object({ author: text(120) }),
  },
  superfoodie: {
    slug: true,
    image: 'required',
    body: 'required',
    shared: z.object({ products: z.array(productCode).default([]) }),
    texts: none,
  },
  methods: {
    slug: true,
    image: 'required',
    body: 'optional',
    shared: z.object({ line: MethodLine }),
    texts: z.object({ raw_materials: text(20_000), production: text(20_000), control: text(20_000) }),
    markdownTexts: ['raw_materials', 'production', 'control'],
  },
  campaigns: {
    slug: false,
    image: 'required',
    body: 'required',
    shared: z.object({ products: z.array(productCode).default([]) }),
    texts: z.object({
      book: z
        .object({ title: text(200), pages: z.number().int().min(1), year: z.number().int().min(1900).max(2100) })
        .strict()
        .optional(),
      video: video.optional(),
    }),
  },
  team: { slug: false, image: 'optional', body: 'optional', shared: none, texts: z.object({ role: text(200) }) },
  'b2b-customers': {
    slug: false,
    image: 'optional',
    body: 'optional',
    shared: z.object({ kind: B2bCustomerKind }),
    texts: z.object({ town: text(120) }),
  },
  certificates: {
    slug: false,
    image: 'optional',
    body: 'optional',
    shared: z.object({ standard: text(60), certificate_number: text(80), valid_from: isoDate, valid_until: isoDate }),
    texts: z.object({ grade: text(120).optional(), issuer: text(200) }),
  },
  timeline: {
    slug: false,
    image: 'optional',
    body: 'optional',
    shared: z.object({ year: z.number().int().min(1992).max(2023) }),
    texts: none,
  },
  downloads: { slug: false, image: 'optional', body: 'optional', shared: z.object({ kind: DownloadKind }), texts: none },
  'eu-projects': {
    slug: false,
    image: 'required',
    body: 'required',
    shared: z.object({ reference: text(120), total_value_eur: eur, eu_share_eur: eur, period_start: isoDate, period_end: isoDate }),
    texts: z.object({ fund: text(300), objectives: z.array(text(1000)).min(1), results: z.array(text(1000)).min(1) }),
  },
};

/** One problem of a front matter, by field path (`steps.2`, `nutrition.fat_g`). */
export interface FrontMatterIssue {
  path: string;
  message: string;
  /** The field is missing (rather than wrong). */
  required: boolean;
}

export interface ParsedFrontMatter {
  common: CommonFrontMatter;
  shared: Record<string, unknown>;
  texts: Record<string, unknown>;
}

/** Validates a file's front matter for its type; the problems as readable lines ('field: what is wrong'). */
export function parseFrontMatter(
  type: ContentType,
  data: unknown,
): { ok: true; value: ParsedFrontMatter } | { ok: false; problems: string[]; issues: FrontMatterIssue[] } {
  const def = CONTENT_TYPE_DEFINITIONS[type];
  if (!data || typeof data !== 'object' || Array.isArray(data))
    return {
      ok: false,
      problems: ['the front matter must be a YAML mapping (field: value lines)'],
      issues: [{ path: 'front matter', message: 'not a mapping', required: false }],
    };
  const input = data as Record<string, unknown>;
  const commonKeys = Object.keys(CommonFrontMatter.shape);
  const sharedKeys = Object.keys(def.shared.shape);
  const textKeys = Object.keys(def.texts.shape);
  const problems: string[] = [];
  const issues: FrontMatterIssue[] = [];
  const add = (path: string, message: string, required = false) => {
    problems.push(`${path}: ${message}`);
    issues.push({ path, message, required });
  };
  for (const k of Object.keys(input)) {
    if (!commonKeys.includes(k) && !sharedKeys.includes(k) && !textKeys.includes(k)) add(k, `not a field of ${type} (docs/content.md)`);
  }
  const pick = (keys: string[]) => Object.fromEntries(keys.filter((k) => k in input).map((k) => [k, input[k]]));
  const common = CommonFrontMatter.safeParse(pick(commonKeys));
  const shared = def.shared.safeParse(pick(sharedKeys));
  const texts = def.texts.safeParse(pick(textKeys));
  for (const r of [common, shared, texts]) {
    if (!r.success)
      for (const issue of r.error.issues) {
        const missing = /received undefined$/.test(issue.message);
        add(issue.path.join('.') || 'front matter', missing ? 'required' : issue.message, missing);
      }
  }
  if (common.success) {
    if (def.slug && !common.data.slug) add('slug', 'required for this type', true);
    if (def.image === 'required' && !common.data.image) add('image', 'required for this type', true);
    if (common.data.image && !common.data.image_alt) add('image_alt', 'required with image', true);
    if (def.publishedAtRequired && !common.data.published_at) add('published_at', 'required for this type', true);
  }
  if (problems.length || !common.success || !shared.success || !texts.success) return { ok: false, problems, issues };
  return {
    ok: true,
    value: { common: common.data, shared: shared.data as Record<string, unknown>, texts: texts.data as Record<string, unknown> },
  };
}
