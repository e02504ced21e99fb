const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescape = (s: string) =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&');

/**
 * The body as the server stores it (news, events, the club's description). Staff usually type text
 * in the body's box: blank lines make paragraphs and single line breaks stay breaks. Inline tags
 * typed in it (<b>, <a>…) are kept for the server to keep what it allows; text that already lays
 * out its own blocks (<p>, lists, headings…) is sent as it is. Text without tags is escaped, so
 * "5 < 6" reads as typed.
 */
export function bodyHtml(text: string): string {
  const t = text.trim();
  if (t === '') return '';
  const tagged = /<[a-z][\s\S]*>/i.test(t);
  if (tagged && /<(p|div|ul|ol|li|h[1-6]|table|blockquote|pre|br)\b/i.test(t)) return t;
  return t
    .split(/\n\s*\n/)
    .map((p) => `<p>${(tagged ? p.trim() : escape(p.trim())).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * A stored body back in the box it is edited in: the inverse of bodyHtml for bodies made of plain
 * paragraphs (what the box produces), so staff edit text rather than tags. A body with other
 * blocks (lists, headings…) is given as it is, tags and all, and bodyHtml sends it back unchanged.
 */
export function bodyText(html: string): string {
  const h = html.trim();
  if (h === '') return '';
  const paragraphs = h.match(/^(?:<p>[\s\S]*?<\/p>\s*)+$/i) ? [...h.matchAll(/<p>([\s\S]*?)<\/p>/gi)].map((m) => m[1]) : null;
  if (!paragraphs || paragraphs.some((p) => /<\/?(p|div|ul|ol|li|h[1-6]|table|blockquote|pre)\b/i.test(p))) return h;
  const inline = paragraphs.some((p) => /<(?!br\b)[a-z][^>]*>/i.test(p));
  return paragraphs
    .map((p) => {
      const lines = p.replace(/<br\s*\/?>/gi, '\n');
      // Inline tags stay, and so do their entities: bodyHtml sends tagged text back unescaped.
      return inline ? lines : unescape(lines);
    })
    .join('\n\n');
}
