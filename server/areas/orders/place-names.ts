import type { DB } from '../../db/database.ts';
import { fold, type PlaceNames, placeNamesOf } from './restatement.ts';

/**
 * The region names (provinces, cities, districts; Chinese and English, each also without its
 * 省/市/区/县… or District/City… ending) as restatement.ts takes them out of an address: an
 * address's city or district is public (the list shows the cities), so a depot named after its
 * district never reads as the patient's address. Reference data, the same in every database of
 * a process: read once and again after ten minutes (a failed read is not kept).
 */
const TTL_MS = 10 * 60_000;
const ENDINGS_ZH = [
  '特别行政区',
  '自治区',
  '自治州',
  '自治县',
  '地区',
  '新区',
  '省',
  '市',
  '区',
  '县',
  '盟',
  '旗',
];
const ENDINGS_EN = /\s+(district|city|province|county|new area|prefecture|region)$/i;

let cached: { at: number; names: Promise<PlaceNames> } | undefined;

function namesOf(rows: ReadonlyArray<{ name: string; name_en: string }>): PlaceNames {
  const names: string[] = [];
  const add = (value: string) => names.push(fold(value).text);
  for (const row of rows) {
    add(row.name);
    const ending = ENDINGS_ZH.find((e) => row.name.endsWith(e) && [...row.name].length - e.length >= 2);
    if (ending) add(row.name.slice(0, -ending.length));
    if (row.name_en) {
      add(row.name_en);
      add(row.name_en.replace(ENDINGS_EN, ''));
    }
  }
  return placeNamesOf(names);
}

export function placeNames(db: DB): Promise<PlaceNames> {
  const now = Date.now();
  if (cached && now - cached.at < TTL_MS) return cached.names;
  const names = db.selectFrom('regions').select(['name', 'name_en']).execute().then(namesOf);
  const entry = { at: now, names };
  cached = entry;
  names.catch(() => {
    if (cached === entry) cached = undefined;
  });
  return names;
}
