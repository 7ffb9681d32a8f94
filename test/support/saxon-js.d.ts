// saxon-js ships no type declarations; the one call the e-invoice validator makes.
declare module 'saxon-js' {
  interface TransformOptions {
    stylesheetFileName: string;
    sourceText: string;
    destination: 'serialized';
  }
  const SaxonJS: { transform(options: TransformOptions, mode: 'async'): Promise<unknown> };
  export default SaxonJS;
}
