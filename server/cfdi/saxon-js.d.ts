// saxon-js ships no type declarations; this states the one call server/cfdi/cadena.ts makes.
declare module 'saxon-js' {
  interface SaxonTransformOptions {
    /** A stylesheet compiled to SEF (server/cfdi/sat/*.sef.json), already parsed. */
    stylesheetInternal: unknown;
    sourceText: string;
    destination: 'serialized';
  }
  interface SaxonTransformResult {
    principalResult: string;
  }
  const SaxonJS: {
    transform(options: SaxonTransformOptions, execution: 'sync'): SaxonTransformResult;
  };
  export default SaxonJS;
}
