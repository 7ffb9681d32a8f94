import { writeFileSync } from 'node:fs';
import { renderMail, previewPropsOf, templates } from './emails/render.js';
const out: Record<string, unknown> = {};
for (const name of Object.keys(templates) as Array<keyof typeof templates>)
  for (const locale of ['hr', 'en', 'de', 'sl'] as const)
    out[`${name}/${locale}`] = await renderMail(name, previewPropsOf(name, 'https://zlatnozrno.hr') as never, locale, { publicUrl: 'https://zlatnozrno.hr' });
writeFileSync(process.argv[2], JSON.stringify(out, null, 1));
