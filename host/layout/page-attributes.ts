/**
 * The attributes a page's element gets from its route: the path's `:id` as `record-id` (every
 * element), and for the order view also as `order-id`, with `print` for `?print=1` (the waybill)
 * and `print-with` for its `&with=2,3` (other orders printed in the same document).
 * The order editor reads its query: `?id=7` (or `?order-id=7`) edits order 7 (`?mode=copy&id=7` or
 * `?copy=7` copies it), `?draft-id=3` continues a draft, `?form-key=…` is the form's key.
 */
export function pageAttributes(
  tag: string,
  params: Readonly<Record<string, string>>,
  search = '',
): Record<string, string | boolean | undefined> {
  const attrs: Record<string, string | boolean | undefined> = { 'record-id': params.id };
  if (tag === 'lp-order-view') {
    attrs['order-id'] = params.id;
    const query = new URLSearchParams(search);
    attrs.print = query.get('print') === '1';
    // the list's bulk print: the other orders of the document (the element checks each id)
    if (attrs.print && query.get('with')) attrs['print-with'] = query.get('with') ?? undefined;
  }
  if (tag === 'lp-order-editor') Object.assign(attrs, editorAttributes(new URLSearchParams(search)));
  return attrs;
}

const positiveId = (text: string | null): string | undefined =>
  text && /^[1-9]\d{0,9}$/.test(text) ? text : undefined;

function editorAttributes(query: URLSearchParams): Record<string, string | undefined> {
  const copy = positiveId(query.get('copy'));
  const id = positiveId(query.get('order-id') ?? query.get('id')) ?? copy;
  const asked = query.get('mode');
  const mode = !id ? 'new' : copy || asked === 'copy' ? 'copy' : 'edit';
  return {
    mode,
    'order-id': id,
    'draft-id': positiveId(query.get('draft-id') ?? query.get('draft')),
    'form-key': query.get('form-key') ?? undefined,
  };
}
