/** RFC 5987 value characters: what encodeURIComponent leaves, less `'`, `(`, `)` and `*`. */
const rfc5987 = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition` of a download: always an attachment (never shown inline on our origin),
 * with an ASCII fallback name for old clients and the real one as RFC 5987 `filename*` (UTF-8).
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${rfc5987(name)}`;
}
