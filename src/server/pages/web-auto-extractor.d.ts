/** The structured-data parser the event page's tests read the page with (a devDependency that
 * ships no types): what it answers for the JSON-LD and the meta tags. */
declare module '@marbec/web-auto-extractor' {
  export default class WebAutoExtractor {
    constructor(options?: Record<string, unknown>);
    parse(html: string): {
      jsonld: Record<string, Record<string, unknown>[]>;
      metatags: Record<string, string[]>;
    };
  }
}
