import { sql } from 'kysely';
import { Code } from '../../../src/contract/codes.ts';
import type * as v from 'valibot';
import type {
  Address,
  AddressDeleteAnswer,
  AddressInput,
} from '../../../src/contract/master-data/schemas.ts';
import { ApiError } from '../../core/errors.ts';
import { pinyinInitials } from '../../core/pinyin.ts';
import type { DB } from '../../db/database.ts';
import { fieldChanges, setFields } from '../audit/changes.ts';
import { type Actor, auditedTransaction } from '../audit/trail.ts';
import { addressById } from './addresses.ts';

/**
 * The address book's writes (`customer-address/adrcreate`, `adrupdate`, `del`): each in one
 * transaction, scoped to the session's customer (another customer's address answers 404 and is
 * left alone), with the version the caller last read (a stale one answers 409 with the address as
 * it is now). A delete removes the row unless drafts name it; then it is only hidden.
 */

type AddressValues = v.InferOutput<typeof AddressInput>;

const notFound = () => new ApiError(Code.notFound, 'No such address');

/** Refuses (422 on `region_id`) a region that is not a district of the region tree. */
async function checkDistrict(db: DB, regionId: number): Promise<void> {
  const region = await db
    .selectFrom('regions')
    .select('level')
    .where('region_id', '=', regionId)
    .executeTakeFirst();
  if (region?.level !== 3)
    throw new ApiError(Code.invalid, 'Please correct the marked fields', null, {
      fields: { region_id: 'Choose a district' },
    });
}

const row = (values: AddressValues) => ({
  kind: values.kind,
  business_type: values.business_type,
  company: values.company,
  contact: values.contact,
  phone: values.phone,
  address: values.address,
  region_id: values.region_id,
  pinyin: pinyinInitials(values.company),
});

/**
 * Locks the customer's live address `adId` and checks the caller's version against it; answers
 * its fields as they were (what the trail compares a change with).
 */
async function lockCurrent(trx: DB, cuId: number, adId: number, version: number) {
  const locked = await trx
    .selectFrom('addresses')
    .select(['version', 'kind', 'business_type', 'company', 'contact', 'phone', 'address', 'region_id'])
    .where('ad_id', '=', adId)
    .where('cu_id', '=', cuId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!locked) throw notFound();
  if (locked.version !== version)
    throw new ApiError(
      Code.conflict,
      'The address was changed meanwhile; here is its current version',
      await addressById(trx, cuId, adId),
    );
  const { version: _version, ...fields } = locked;
  return fields;
}

/** What the trail keeps of an address: the fields a user sets (not the pinyin made from them). */
const recorded = ({ pinyin: _pinyin, ...fields }: ReturnType<typeof row>) => fields;

export async function createAddress(
  db: DB,
  cuId: number,
  values: AddressValues,
  actor: Actor,
  now: Date,
): Promise<Address> {
  return auditedTransaction(db, now, async (trx, audit) => {
    await checkDistrict(trx, values.region_id);
    const made = await trx
      .insertInto('addresses')
      .values({ cu_id: cuId, ...row(values) })
      .returning('ad_id')
      .executeTakeFirstOrThrow();
    audit.record({
      cuId,
      recordType: 'address',
      recordId: made.ad_id,
      action: 'create',
      actor,
      changes: setFields(recorded(row(values))),
    });
    return (await addressById(trx, cuId, made.ad_id)) as Address;
  });
}

export async function updateAddress(
  db: DB,
  cuId: number,
  input: AddressValues & { ad_id: number; version: number },
  actor: Actor,
  now: Date,
): Promise<Address> {
  return auditedTransaction(db, now, async (trx, audit) => {
    const before = await lockCurrent(trx, cuId, input.ad_id, input.version);
    await checkDistrict(trx, input.region_id);
    await trx
      .updateTable('addresses')
      .set({ ...row(input), version: sql<number>`version + 1`, updated_at: sql`now()` })
      .where('ad_id', '=', input.ad_id)
      .execute();
    audit.record({
      cuId,
      recordType: 'address',
      recordId: input.ad_id,
      action: 'update',
      actor,
      changes: fieldChanges(before, recorded(row(input))),
    });
    return (await addressById(trx, cuId, input.ad_id)) as Address;
  });
}

export async function deleteAddress(
  db: DB,
  cuId: number,
  input: { ad_id: number; version: number },
  actor: Actor,
  now: Date,
): Promise<AddressDeleteAnswer> {
  return auditedTransaction(db, now, async (trx, audit) => {
    const before = await lockCurrent(trx, cuId, input.ad_id, input.version);
    const id = String(input.ad_id);
    const removed = (how: AddressDeleteAnswer['removed']) =>
      audit.record({
        cuId,
        recordType: 'address',
        recordId: input.ad_id,
        action: 'delete',
        actor,
        changes: Object.entries(before).map(([field, old]) => ({ field, old, new: null })),
        reason: how === 'soft' ? 'hidden: a draft names it' : null,
      });
    const named = await trx
      .selectFrom('order_drafts')
      .select('id')
      .where('cu_id', '=', cuId)
      .where((eb) => eb.or([eb(sql`data->>'from_ad_id'`, '=', id), eb(sql`data->>'to_ad_id'`, '=', id)]))
      .limit(1)
      .executeTakeFirst();
    if (named) {
      await trx
        .updateTable('addresses')
        .set({ deleted_at: sql`now()`, version: sql<number>`version + 1`, updated_at: sql`now()` })
        .where('ad_id', '=', input.ad_id)
        .execute();
      removed('soft');
      return { ad_id: input.ad_id, removed: 'soft' };
    }
    await trx.deleteFrom('addresses').where('ad_id', '=', input.ad_id).execute();
    removed('hard');
    return { ad_id: input.ad_id, removed: 'hard' };
  });
}
