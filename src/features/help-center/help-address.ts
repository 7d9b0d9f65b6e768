/** Where the help centre is: a topic (`?c=`), an answer (`?q=`, with its topic), or the start. */
export type HelpPlace =
  | { kind: 'home' }
  | { kind: 'category'; qcId: number }
  | { kind: 'answer'; qId: number };

const id = (value: string | null): number | null => {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= 2_147_483_647 ? n : null;
};

/** The place an address's query names (an answer wins over a topic; anything else is the start). */
export function readPlace(search: string): HelpPlace {
  const params = new URLSearchParams(search);
  const q = id(params.get('q'));
  if (q !== null) return { kind: 'answer', qId: q };
  const c = id(params.get('c'));
  return c !== null ? { kind: 'category', qcId: c } : { kind: 'home' };
}

/** The query of a place, with the page's other parameters kept (`''` for the start without any). */
export function writePlace(place: HelpPlace, search = ''): string {
  const params = new URLSearchParams(search);
  params.delete('q');
  params.delete('c');
  if (place.kind === 'answer') params.set('q', String(place.qId));
  if (place.kind === 'category') params.set('c', String(place.qcId));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export const samePlace = (a: HelpPlace, b: HelpPlace): boolean => writePlace(a) === writePlace(b);
