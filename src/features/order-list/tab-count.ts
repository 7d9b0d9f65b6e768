/**
 * A status tab's count as the list shows it: the number, or, when the server stopped counting
 * (`counts_capped`: the counts are lower bounds), "10,000+"; a tab with none among the orders
 * counted shows no number then (it may still have some).
 */
export function tabCount(n: number, capped: boolean): string | null {
  if (!capped) return String(n);
  return n > 0 ? `${n.toLocaleString('en')}+` : null;
}
