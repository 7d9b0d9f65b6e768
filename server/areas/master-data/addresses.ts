import { sql } from 'kysely';
import type {
  Address,
  AddressList,
  AddressSort,
  Contact,
} from '../../../src/contract/master-data/schemas.ts';
import type { DB } from '../../db/database.ts';
import { pinyinInitials } from '../../core/pinyin.ts';
import { cityName, textMatch } from './text-match.ts';

/** What a keyword matches on an address: company, contact, phone, street, initials of the company (and the city). */
const ADDRESS_TEXT = ['a.company', 'a.contact', 'a.phone', 'a.address', 'a.pinyin'] as const;

export interface AddressFilter {
  keyword: string;
  /** `start`: usable as a start (`start` or `both`); `stop` likewise. */
  kind?: 'start' | 'stop' | undefined;
  businessType?: string | undefined;
}

/** The customer's live (not deleted) addresses matching `filter`, as a query. */
function addresses(db: DB, cuId: number, filter: AddressFilter) {
  let query = db
    .selectFrom('addresses as a')
    .leftJoin('regions as r', 'r.region_id', 'a.region_id')
    .leftJoin('regions as rp', 'rp.region_id', 'r.parent_id')
    .select([
      'a.ad_id',
      'a.kind',
      'a.business_type',
      'a.company',
      'a.contact',
      'a.phone',
      'a.address',
      'a.region_id',
      cityName.as('city'),
      'a.ho_id',
      'a.pinyin',
      'a.version',
    ])
    .where('a.cu_id', '=', cuId)
    .where('a.deleted_at', 'is', null);
  if (filter.kind) query = query.where('a.kind', 'in', [filter.kind, 'both']);
  if (filter.businessType) query = query.where('a.business_type', '=', filter.businessType);
  if (filter.keyword) {
    const inCity = sql<boolean>`strpos(lower(${cityName}), ${filter.keyword.toLowerCase()}) > 0`;
    query = query.where(sql<boolean>`(${textMatch(filter.keyword, ADDRESS_TEXT)} or ${inCity})`);
  }
  return query;
}

/** The order of a sort value (ties: the newer address first). */
const SORT_COLUMNS = {
  company: sql.ref('a.company'),
  contact: sql.ref('a.contact'),
  city: cityName,
  updated_at: sql.ref('a.updated_at'),
} as const;

/** One of the customer's live addresses as lists show it, or undefined (another customer's, deleted, unknown). */
export function addressById(db: DB, cuId: number, adId: number): Promise<Address | undefined> {
  return addresses(db, cuId, { keyword: '' }).where('a.ad_id', '=', adId).executeTakeFirst();
}

/** A page of the customer's addresses in `sort` order (default: most recently changed first). */
export async function addressPage(
  db: DB,
  cuId: number,
  filter: AddressFilter,
  page: { start: number; limit: number },
  sort: AddressSort = '-updated_at',
): Promise<AddressList> {
  const query = addresses(db, cuId, filter);
  const desc = sort.startsWith('-');
  const column = SORT_COLUMNS[(desc ? sort.slice(1) : sort) as keyof typeof SORT_COLUMNS];
  const [list, total] = await Promise.all([
    query
      .orderBy(column, desc ? 'desc' : 'asc')
      .orderBy('a.ad_id', 'desc')
      .limit(page.limit)
      .offset(page.start)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(total.n) };
}

/** Up to `max` addresses matching `filter`, by company name. */
export async function addressList(
  db: DB,
  cuId: number,
  filter: AddressFilter,
  max = 200,
): Promise<Address[]> {
  return addresses(db, cuId, filter).orderBy('a.company').orderBy('a.ad_id').limit(max).execute();
}

/** The contacts the customer's addresses name (one per contact and phone), by name; at most 50. */
export async function contacts(db: DB, cuId: number, keyword: string): Promise<Contact[]> {
  let query = db
    .selectFrom('addresses as a')
    .distinctOn(['a.contact', 'a.phone'])
    .select(['a.contact', 'a.phone', 'a.company', 'a.ad_id'])
    .where('a.cu_id', '=', cuId)
    .where('a.deleted_at', 'is', null)
    .where('a.contact', '!=', '');
  if (keyword) query = query.where(textMatch(keyword, ['a.contact', 'a.phone', 'a.company', 'a.pinyin']));
  const rows = await query
    .orderBy('a.contact')
    .orderBy('a.phone')
    .orderBy('a.updated_at', 'desc')
    .limit(50)
    .execute();
  return rows.map((row) => ({
    ...row,
    pinyin: `${pinyinInitials(row.contact)} ${pinyinInitials(row.company)}`,
  }));
}
