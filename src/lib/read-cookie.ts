/** A cookie's value in `document.cookie`'s text (names and values URI-encoded), or null. */
export function readCookie(cookie: string, key: string): string | null {
  const prefix = `${encodeURIComponent(key)}=`;
  for (const part of cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}
