import DOMPurify from 'dompurify';
import { useEffect, useMemo, useRef } from 'react';
import { apiBase } from '../../api/config.ts';
import { navigate } from '../../stores/navigation.ts';
import { RICH_TEXT_TAGS } from '../../contract/rich-text.ts';

/**
 * Portal paths in answers (`/customer-order/create`) point at the portal: in the portal itself
 * they go through the host's router, on a partner page they open the portal in a new tab, like
 * every other outside link.
 */
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  const href = node.getAttribute('href');
  if (href?.startsWith('/') && !href.startsWith('//')) {
    const portal = new URL(apiBase(), globalThis.location.href).origin;
    node.setAttribute('href', new URL(href, portal).href);
  }
  const url = new URL(node.getAttribute('href') ?? '', globalThis.location.href);
  if (url.origin !== globalThis.location.origin) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  } else node.removeAttribute('target');
});

/** A plain click on a link of this page's origin goes through the app's navigation. */
function followInApp(event: MouseEvent): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element).closest('a');
  if (!link?.href || link.target) return;
  const url = new URL(link.href);
  if (url.origin !== globalThis.location.origin || !/^https?:$/.test(url.protocol)) return;
  event.preventDefault();
  navigate(`${url.pathname}${url.search}${url.hash}`);
}

/** The attributes the server's sanitizer keeps on those tags (links keep their rel and target). */
const ALLOWED_ATTR = ['href', 'target', 'rel', 'colspan', 'rowspan'];

/** Sanitizes answer HTML again in the browser (the server already did): defence in depth. */
export function sanitizeAnswer(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/))/i,
  });
}

export function AnswerHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeAnswer(html), [html]);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    el?.addEventListener('click', followInApp);
    return () => el?.removeEventListener('click', followInApp);
  }, []);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above
  return <div ref={box} className="lp-chat__answer-html" dangerouslySetInnerHTML={{ __html: clean }} />;
}
