const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Lines of the box that read as a list item or a title (the little text a person types). */
const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;
const HEADING = /^\s*(#{1,3})\s+(.*)$/;

/**
 * The body as the server stores it (news, events, the club's description). Staff type text in the
 * body's box: blank lines make paragraphs and single line breaks stay breaks; a line that starts
 * with "- " (or "* ", "• ") is an item of a list, "1. " of a numbered list, and "# " a title ("## "
 * a smaller one). Inline tags typed in it (<b>, <a>…) are kept for the server to keep what it
 * allows; text that already lays out its own blocks (<p>, lists, headings…) is sent as it is. Text
 * without tags is escaped, so "5 < 6" reads as typed.
 */
export function bodyHtml(text: string): string {
  const t = text.trim();
  if (t === '') return '';
  const tagged = /<[a-z][\s\S]*>/i.test(t);
  if (tagged && /<(p|div|ul|ol|li|h[1-6]|table|blockquote|pre|br)\b/i.test(t)) return t;
  const inline = (s: string) => (tagged ? s.trim() : escape(s.trim()));
  const out: string[] = [];
  for (const block of t.split(/\n\s*\n/)) {
    let para: string[] = [];
    let list: { tag: 'ul' | 'ol'; items: string[] } | null = null;
    const flush = () => {
      if (para.length) out.push(`<p>${para.map(inline).join('<br>')}</p>`);
      if (list) out.push(`<${list.tag}>${list.items.map((i) => `<li>${inline(i)}</li>`).join('')}</${list.tag}>`);
      para = [];
      list = null;
    };
    for (const line of block.split('\n')) {
      const heading = HEADING.exec(line);
      const item = BULLET.exec(line) ?? NUMBERED.exec(line);
      if (heading) {
        flush();
        const level = heading[1].length + 1; // "#" is a title under the page's own (h2)
        out.push(`<h${level}>${inline(heading[2])}</h${level}>`);
      } else if (item) {
        const tag = BULLET.test(line) ? 'ul' : 'ol';
        if (para.length || (list && list.tag !== tag)) flush();
        list ??= { tag, items: [] };
        list.items.push(item[1]);
      } else {
        if (list) flush();
        para.push(line);
      }
    }
    flush();
  }
  return out.join('');
}

/** A node's text as the box shows it: line breaks for <br>, and inline tags kept when `keepTags`. */
function inlineText(node: Node, keepTags: boolean): string {
  let s = '';
  node.childNodes.forEach((c) => {
    if (c.nodeType === Node.TEXT_NODE) s += keepTags ? escape(c.textContent ?? '') : (c.textContent ?? '');
    else if (c.nodeName === 'BR') s += '\n';
    else if (c.nodeType === Node.ELEMENT_NODE) s += keepTags ? (c as Element).outerHTML : inlineText(c, false);
  });
  return s.replace(/\u00a0/g, ' ');
}

const INLINE_TAG = /^(B|STRONG|I|EM|U|A|SPAN|SMALL|MARK|SUB|SUP|S|CODE)$/;

/**
 * A stored body back in the box it is edited in: the inverse of bodyHtml, so staff edit text
 * rather than tags. Paragraphs, line breaks, titles and lists come back as the text that makes
 * them; inline tags (bold, links) stay as they were typed. A body with blocks the box cannot write
 * (tables, quotes, images…) is given as it is, tags and all, and bodyHtml sends it back unchanged.
 */
export function bodyText(html: string): string {
  const h = html.trim();
  if (h === '') return '';
  if (typeof DOMParser === 'undefined') return h;
  const root = new DOMParser().parseFromString(`<body>${h}</body>`, 'text/html').body;
  const blocks = [...root.childNodes].filter((n) => !(n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() === ''));
  const blockTags = /^(P|H[1-6]|UL|OL)$/;
  if (blocks.some((b) => b.nodeType !== Node.ELEMENT_NODE || !blockTags.test(b.nodeName))) return h;
  const elements = blocks as Element[];
  // every list holds items only, and nothing nests a block the box cannot write
  for (const el of elements) {
    const children = el.nodeName === 'UL' || el.nodeName === 'OL' ? [...el.children].flatMap((li) => (li.nodeName === 'LI' ? [...li.children] : [li])) : [...el.children];
    if (children.some((c) => c.nodeName !== 'BR' && !INLINE_TAG.test(c.nodeName))) return h;
    if ((el.nodeName === 'UL' || el.nodeName === 'OL') && [...el.children].some((c) => c.nodeName !== 'LI')) return h;
  }
  const keepTags = elements.some((el) => el.querySelector('*:not(br):not(li)') !== null);
  const one = (n: Node) => inlineText(n, keepTags).trim();
  return elements
    .map((el) => {
      if (/^H[1-6]$/.test(el.nodeName)) return `${Number(el.nodeName[1]) >= 3 ? '##' : '#'} ${one(el).replace(/\n/g, ' ')}`;
      if (el.nodeName === 'UL') return [...el.children].map((li) => `- ${one(li).replace(/\n/g, ' ')}`).join('\n');
      if (el.nodeName === 'OL') return [...el.children].map((li, i) => `${i + 1}. ${one(li).replace(/\n/g, ' ')}`).join('\n');
      return inlineText(el, keepTags)
        .split('\n')
        .map((l) => l.trim())
        .join('\n')
        .trim();
    })
    .join('\n\n');
}

/** The entities a stored body uses for spaces, ampersands, angle brackets and quotes, read back as text. */
export function decodeEntities(s: string): string {
  return s
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}
