/**
 * The rich text the API stores and serves (chat answers): the only tags that survive the server's
 * sanitizer (server/areas/chat/sanitize.ts), and the browser's second pass allows the same ones
 * (src/features/chat/answer-html.tsx). One list, so the two cannot drift apart.
 */
export const RICH_TEXT_TAGS: readonly string[] = [
  'p',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'b',
  'i',
  'br',
  'a',
  'h4',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];
