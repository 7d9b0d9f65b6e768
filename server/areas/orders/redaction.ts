import type { DB } from '../../db/database.ts';
import { MASK, type MaskRule, masksStart, masksStop } from './masking.ts';
import { placeNames } from './place-names.ts';
import { type PartyValues, type RestatementFinder, restatementFinder } from './restatement.ts';

/**
 * Free text on a masked order (spec §3; docs/decisions/masking-free-text.md). Every path that
 * sends an order's free text to its viewers (view, sections, history, work sheet, tracking,
 * exports, email, overview, attachments, the edit form) passes it through the order's `Redactor`:
 * the masked side's values (and those its change requests asked for) are found in any spelling
 * (restatement.ts), and
 * - text the **customer** wrote keeps its words: each restatement becomes `******`;
 * - text the **provider** wrote (event places, reasons, operators, answers, its documents' names,
 *   the sign name) is withheld whole (`******`) when it restates anything, and the place of the
 *   step at the masked side's door (delivered / signed for the stop side, picked up for the start
 *   side) is withheld whatever it says: it is that side's address by definition.
 * Text that restates nothing is left exactly as written. An order that masks nothing gets
 * `NOTHING_MASKED`, which answers every text unchanged.
 */
export type Author = 'customer' | 'provider';

export interface Redactor {
  /** Whether the order masks a side (false: every method answers its input). */
  readonly masks: boolean;
  text(value: string, author: Author): string;
  /** A file's name: its stem as `text`, the extension kept. */
  fileName(name: string, author: Author): string;
  /** The place of a provider's event of `kind`. */
  place(location: string, kind: string): string;
}

/** The order's fields a redactor reads (an `orders` row has them all). */
export interface RedactableOrder extends MaskRule {
  id: number;
  from_company: string;
  from_contact: string;
  from_phone: string;
  from_address: string;
  to_company: string;
  to_contact: string;
  to_phone: string;
  to_address: string;
  sign_name: string | null;
}

export const NOTHING_MASKED: Redactor = {
  masks: false,
  text: (value) => value,
  fileName: (name) => name,
  place: (location) => location,
};

/** The steps that happen at a side's door. */
const DOOR = {
  to: new Set(['delivered', 'signed', 'delivery_confirmed', 'delivery_proposed', 'delivery_declined']),
  from: new Set(['picked_up', 'pickup_confirmed', 'pickup_proposed', 'pickup_declined']),
};

const EXTENSION = /\.[a-z0-9]{1,5}$/i;

function redactor(finder: RestatementFinder, door: ReadonlySet<string>): Redactor {
  const text = (value: string, author: Author): string => {
    const spans = finder.spans(value);
    if (spans.length === 0) return value;
    if (author === 'provider') return MASK;
    let out = '';
    let at = 0;
    for (const [from, to] of spans) {
      out += value.slice(at, from) + MASK;
      at = to;
    }
    return out + value.slice(at);
  };
  return {
    masks: true,
    text,
    fileName(name, author) {
      const extension = EXTENSION.exec(name)?.[0] ?? '';
      const stem = name.slice(0, name.length - extension.length);
      const shown = text(stem, author);
      return shown === stem ? name : shown + extension;
    },
    place(location, kind) {
      if (location === '') return location;
      return door.has(kind) ? MASK : text(location, 'provider');
    },
  };
}

type Side = 'from' | 'to';
const maskedSide = (order: MaskRule): Side | null =>
  masksStop(order) ? 'to' : masksStart(order) ? 'from' : null;

function sideValues(order: RedactableOrder, side: Side): PartyValues {
  return side === 'to'
    ? {
        company: order.to_company,
        contact: order.to_contact,
        phone: order.to_phone,
        address: order.to_address,
        sign_name: order.sign_name,
      }
    : {
        company: order.from_company,
        contact: order.from_contact,
        phone: order.from_phone,
        address: order.from_address,
      };
}

/** The masked side's values a change request asked for (a new patient phone is the patient's too). */
function requestedValues(changes: Record<string, unknown>, side: Side): PartyValues {
  const value = (field: string) => {
    const v = changes[`${side}_${field}`];
    return typeof v === 'string' ? v : null;
  };
  return { contact: value('contact'), phone: value('phone'), address: value('address') };
}

/** The redactors of these orders by id (one read of their change requests, none for unmasked orders). */
export async function redactorsOf(
  db: DB,
  orders: readonly RedactableOrder[],
): Promise<(id: number) => Redactor> {
  const masked = orders.filter((order) => maskedSide(order) !== null);
  if (masked.length === 0) return () => NOTHING_MASKED;
  const [places, requests] = await Promise.all([
    placeNames(db),
    db
      .selectFrom('order_modifications')
      .select(['order_id', 'changes'])
      .where(
        'order_id',
        'in',
        masked.map((order) => order.id),
      )
      .execute(),
  ]);
  const byId = new Map<number, Redactor>();
  for (const order of masked) {
    const side = maskedSide(order)!;
    const values = [sideValues(order, side)];
    for (const request of requests)
      if (request.order_id === order.id) values.push(requestedValues(request.changes, side));
    byId.set(order.id, redactor(restatementFinder(values, places), DOOR[side]));
  }
  return (id) => byId.get(id) ?? NOTHING_MASKED;
}

const built = new WeakMap<object, Promise<Redactor>>();

/**
 * The order's redactor. Kept with the order record, so the sections of one answer (events,
 * remarks, attachments, the modification) share it.
 */
export function redactorOf(db: DB, order: RedactableOrder): Promise<Redactor> {
  if (maskedSide(order) === null) return Promise.resolve(NOTHING_MASKED);
  let made = built.get(order);
  if (!made) {
    made = redactorsOf(db, [order]).then((of) => of(order.id));
    built.set(order, made);
  }
  return made;
}

/** The redactors of the orders with these ids (read from the database). */
export async function redactorsFor(db: DB, ids: readonly number[]): Promise<(id: number) => Redactor> {
  if (ids.length === 0) return () => NOTHING_MASKED;
  const orders = await db
    .selectFrom('orders')
    .select([
      'id',
      'is_dtp',
      'to_goodstype',
      'from_company',
      'from_contact',
      'from_phone',
      'from_address',
      'to_company',
      'to_contact',
      'to_phone',
      'to_address',
      'sign_name',
    ])
    .where('id', 'in', [...ids])
    .where((eb) => eb.or([eb.and([eb('is_dtp', '=', 1), eb('to_goodstype', '<>', 2)]), eb('is_dtp', '=', 3)]))
    .execute();
  return redactorsOf(db, orders);
}
