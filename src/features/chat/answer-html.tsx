import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { apiBase } from '../../api/config.ts';

/** Links of answers open in a new tab; portal paths (`/customer-order/create`) point at the portal. */
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  const href = node.getAttribute('href');
  if (href?.startsWith('/') && !href.startsWith('//')) {
    const portal = new URL(apiBase(), globalThis.location.href).origin;
    node.setAttribute('href', new URL(href, portal).href);
  }
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
});

/** The tags the server's sanitizer lets through (p, lists, strong/em, links, h4, simple tables). */
const ALLOWED_TAGS = [
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'a',
  'h4',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
];
const ALLOWED_ATTR = ['href', 'title', 'colspan', 'rowspan'];

/** Sanitizes answer HTML again in the browser (the server already did): defence in depth. */
export function sanitizeAnswer(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/))/i,
  });
}

export function AnswerHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeAnswer(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above
  return <div className="lp-chat__answer-html" dangerouslySetInnerHTML={{ __html: clean }} />;
}
