/**
 * Saves a file the page holds as a download: an object URL, let go of once the download started.
 * `name` must not be empty: the portal's router takes over clicks on links whose `download` is
 * empty.
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
