import { escapeMarkup } from '../../../contract/markup.js';

/**
 * A tiny escaping template for the server-rendered operators' pages: every interpolated value is
 * HTML-escaped (`escapeMarkup`, contract/markup.ts) unless it is already `Html` (the result of another `html` template or of `raw`).
 * Arrays are joined; null, undefined and false render nothing.
 */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue = Html | string | number | null | undefined | false | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join('');
  return escapeMarkup(String(value as string | number));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new Html(out);
}

/** Markup we wrote ourselves (never request data). */
export function raw(markup: string): Html {
  return new Html(markup);
}
