import { DomHandler, type Document } from 'domhandler';
import { Parser } from 'htmlparser2';

/**
 * How deep a page's elements may nest. Browsers stop nesting at 512 (Blink's parser puts deeper
 * elements beside the 512th); real recipe pages stay under 100.
 */
export const MAX_HTML_DEPTH = 512;

/** A page (or an HTML text inside its JSON-LD) whose elements nest deeper than MAX_HTML_DEPTH. */
export class HtmlTooDeep extends Error {
  constructor() {
    super(`HTML nested more than ${MAX_HTML_DEPTH} levels deep`);
    this.name = 'HtmlTooDeep';
  }
}

/** htmlparser2's DOM builder, stopped as soon as an element opens below MAX_HTML_DEPTH. */
class DepthLimitedHandler extends DomHandler {
  override onopentag(name: string, attribs: Record<string, string>): void {
    // tagStack holds the document and every open element.
    if (this.tagStack.length > MAX_HTML_DEPTH) throw new HtmlTooDeep();
    super.onopentag(name, attribs);
  }
}

/**
 * `parseDocument(html)` with a depth limit, checked in the same single pass as the parse. Past a
 * few thousand levels htmlparser2's open-element stack (an array it unshifts and searches) and
 * domutils' recursive walks grow with the depth at every tag: 100,000 nested `<div>` (488 KB)
 * took 2.1 s to parse and 6 s to read, and a 2 MB page can nest 700,000 levels. Within the limit
 * each tag costs a bounded amount, so a 2 MB page parses in about 0.2 s whatever its shape.
 */
export function parseDepthLimitedHtml(html: string): Document {
  const handler = new DepthLimitedHandler();
  new Parser(handler).end(html);
  return handler.root;
}
