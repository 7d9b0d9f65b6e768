import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_TAGS } from '../../../src/contract/rich-text.ts';

/**
 * Allow-list HTML sanitizer for chat answers (and any other rich text the server stores).
 * Only a few formatting tags survive; links keep http(s)/mailto/tel URLs or site paths
 * (`/customer-order/create`: pages of the portal) and always get rel="noopener noreferrer".
 * Elements whose content is code or foreign markup (script, style, iframe, svg, …) are dropped
 * with their content; other unknown tags are dropped but their text is kept.
 */

const DROP_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'svg',
  'math',
  'template',
  'title',
  'head',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
];

/**
 * An href we keep: an absolute http(s), mailto or tel URL, or a path of this site. Anything with
 * whitespace, control characters or backslashes is refused outright (browsers strip or rewrite
 * them, which is how `java\tscript:` and `/\evil.example` sneak past naive checks).
 */
export function isSafeHref(href: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (/[\u0000-\u0020\u007f-\u009f\\\u2028\u2029\ufeff]/.test(href)) return false;
  return /^(https?:\/\/[^/]|mailto:|tel:|\/(?!\/))/i.test(href);
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { rel: 'noopener noreferrer' };
      const href = attribs.href ?? '';
      if (isSafeHref(href)) out.href = href;
      if (attribs.target === '_blank') out.target = '_blank';
      return { tagName, attribs: out };
    },
    th: (tagName, attribs) => ({ tagName, attribs: spans(attribs) }),
    td: (tagName, attribs) => ({ tagName, attribs: spans(attribs) }),
  },
};

/** colspan/rowspan only as small numbers. */
function spans(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const out: sanitizeHtml.Attributes = {};
  for (const name of ['colspan', 'rowspan']) {
    const value = attribs[name];
    if (value && /^[1-9]\d?$/.test(value)) out[name] = value;
  }
  return out;
}

/** The allow-listed form of `html`, trimmed. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
