/** Page numbers to show, with 'gap' where pages are skipped: 1 … 4 5 [6] 7 8 … 20. */
export function pageItems(page: number, pageCount: number, around = 2): (number | 'gap')[] {
  if (pageCount <= 0) return [];
  const first = Math.max(2, page - around);
  const last = Math.min(pageCount - 1, page + around);
  const items: (number | 'gap')[] = [1];
  if (first > 2) items.push(first === 3 ? 2 : 'gap');
  for (let p = first; p <= last; p++) items.push(p);
  if (last < pageCount - 1) items.push(last === pageCount - 2 ? pageCount - 1 : 'gap');
  if (pageCount > 1) items.push(pageCount);
  return items;
}
