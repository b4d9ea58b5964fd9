/**
 * Escaping for text the server writes into HTML. Every value from a recipe (title, names,
 * ingredients) goes through one of these, so a title such as `</script><script>alert(1)` or one
 * with quotes stays text: `escapeHtml` for element content and double-quoted attribute values,
 * `jsonForScript` for JSON inside a `<script>` element.
 */
const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);

/**
 * JSON that cannot end its `<script>` element or open a comment inside it: `<`, `>` and `&` as
 * \u escapes (JSON parsers read them back as the same characters), and U+2028/U+2029, which old
 * JavaScript parsers took for line ends.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
