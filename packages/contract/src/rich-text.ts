/**
 * Rich text (articles) as a strict allow-list of HTML: headings, paragraphs, lists, tables, images,
 * links. The server sanitises on save and the app sanitises again before rendering, so neither a staff
 * mistake nor a tampered row can bring script, event handlers or javascript: URLs to a phone. Written
 * without a DOM so the same code runs in Node and in the browser.
 */
const allowedTags = new Set([
  'h1',
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'blockquote',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'code',
  'pre',
  'span',
  'div',
]);
const voidTags = new Set(['br', 'hr', 'img']);
/** Elements whose whole content goes, not only the tags. */
const droppedWithContent = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'title',
  'svg',
  'math',
  'select',
  'head',
]);
const allowedAttrs: Record<string, Set<string>> = {
  a: new Set(['href', 'title']),
  img: new Set(['src', 'alt', 'width', 'height']),
  th: new Set(['colspan', 'rowspan']),
  td: new Set(['colspan', 'rowspan']),
};
const blockTags = new Set(['h1', 'h2', 'h3', 'h4', 'p', 'br', 'hr', 'li', 'tr', 'blockquote', 'div', 'pre', 'table', 'caption']);

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
};

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (m, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : '';
    }
    return namedEntities[e.toLowerCase()] ?? m;
  });
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** Links may go to the web (http/https), mail, or a route of this app; images to https, our uploads or inline pictures. */
export function safeUrl(raw: string, kind: 'href' | 'src'): string | null {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so judge without them.
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const v = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u00a0]/g, '');
  if (!v) return null;
  if (kind === 'href') {
    if (/^(https?:\/\/|mailto:)/i.test(v) || /^#\/?pages\//.test(v) || /^\/(?!\/)/.test(v)) return v;
    return null;
  }
  if (/^https?:\/\//i.test(v) || /^\/uploads\//.test(v) || /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=]+$/i.test(v)) return v;
  return null;
}

const tagPattern = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/;
const attrPattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function cleanAttrs(tag: string, text: string): string {
  const allowed = allowedAttrs[tag];
  if (!allowed) return '';
  let out = '';
  for (const m of text.matchAll(attrPattern)) {
    const name = m[1].toLowerCase();
    if (!allowed.has(name)) continue;
    let value = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
    if (name === 'href' || name === 'src') {
      const safe = safeUrl(value, name);
      if (safe === null) continue;
      value = safe;
    } else if (name === 'width' || name === 'height' || name === 'colspan' || name === 'rowspan') {
      if (!/^\d{1,4}$/.test(value)) continue;
    }
    out += ` ${name}="${escapeAttr(value)}"`;
  }
  if (tag === 'a' && out.includes(' href="http')) out += ' target="_blank" rel="noopener noreferrer nofollow"';
  return out;
}

export function sanitizeRichText(html: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  let dropping: string | null = null;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    const textEnd = lt < 0 ? html.length : lt;
    if (textEnd > i) {
      if (!dropping) out += escapeText(decodeEntities(html.slice(i, textEnd)));
      i = textEnd;
      continue;
    }
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html.startsWith('<!', i) || html.startsWith('<?', i)) {
      const end = html.indexOf('>', i);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    const m = tagPattern.exec(html.slice(i));
    if (!m) {
      if (!dropping) out += '&lt;';
      i += 1;
      continue;
    }
    i += m[0].length;
    const closing = m[1] === '/';
    const tag = m[2].toLowerCase();
    if (dropping) {
      if (closing && tag === dropping) dropping = null;
      continue;
    }
    if (droppedWithContent.has(tag)) {
      if (!closing && m[4] !== '/') dropping = tag;
      continue;
    }
    if (!allowedTags.has(tag)) continue;
    if (closing) {
      const at = open.lastIndexOf(tag);
      if (at < 0) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    out += `<${tag}${cleanAttrs(tag, m[3])}>`;
    if (!voidTags.has(tag)) open.push(tag);
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** The words of a rich text, blocks on their own lines (for search and for the assistant's quotes). */
export function richTextToPlain(html: string): string {
  return decodeEntities(
    sanitizeRichText(html).replace(/<\/?([a-z0-9]+)[^>]*>/g, (_m, t: string) =>
      blockTags.has(t) ? '\n' : t === 'td' || t === 'th' ? ' ' : '',
    ),
  )
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}
