/**
 * The attributes a page's element gets from its route: the path's `:id` as `record-id` (every
 * element), and for the order view also as `order-id`, with `print` for `?print=1` (the waybill).
 */
export function pageAttributes(
  tag: string,
  params: Readonly<Record<string, string>>,
  search = '',
): Record<string, string | boolean | undefined> {
  const attrs: Record<string, string | boolean | undefined> = { 'record-id': params.id };
  if (tag === 'lp-order-view') {
    attrs['order-id'] = params.id;
    attrs.print = new URLSearchParams(search).get('print') === '1';
  }
  return attrs;
}
