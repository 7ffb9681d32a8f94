// html-to-text 10 ships no types (and @types/html-to-text describes version 9): the one function
// the mails use, as documented in its README.
declare module 'html-to-text' {
  export interface HtmlToTextSelector {
    selector: string;
    format?: string;
    options?: Record<string, unknown>;
  }
  export interface HtmlToTextOptions {
    wordwrap?: number | false | null;
    selectors?: HtmlToTextSelector[];
    [option: string]: unknown;
  }
  /** Compiles the options once; the returned function converts HTML to plain text with them. */
  export function compile(options?: HtmlToTextOptions): (html: string, metadata?: unknown) => string;
}
