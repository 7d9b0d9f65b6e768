/** Spec §5: an external link starts with http:, https:, mailto: or tel:. */
export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/i.test(path.trim());
}
