import * as v from 'valibot';
import { IntIn, NoInput, RequiredText, TrimmedText } from '../fields.ts';
import { msg } from '../messages.ts';
import { TEMP_CLASSES } from '../orders/domain.ts';

/**
 * The provider's stations and depots (the public `/station` page): where each is in the region
 * tree (province → city → district), how to reach it, when it is open and which temperature
 * classes it handles. Names come in Chinese and English with the Chinese name's pinyin initials,
 * so a client filters by text or initials without pinyin data of its own.
 */

/** `station`: a service point that takes and hands over shipments; `depot`: a storage warehouse. */
export const STATION_KINDS = ['station', 'depot'] as const;
export type StationKind = (typeof STATION_KINDS)[number];

/** ISO weekday: 1 Monday … 7 Sunday. */
const Weekday = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(7));
/** `HH:MM`, 00:00–24:00 (24:00 closes at midnight). */
const ClockTime = v.pipe(v.string(), v.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/));

/**
 * Opening hours for a run of weekdays (`from_day`–`to_day`, e.g. 1–5 Monday to Friday); 00:00–24:00
 * is around the clock. Days in no entry are closed.
 */
export const OpeningHoursSchema = v.strictObject({
  from_day: Weekday,
  to_day: Weekday,
  open: ClockTime,
  close: ClockTime,
});
export type OpeningHours = v.InferOutput<typeof OpeningHoursSchema>;

/** A place in the region tree, in both languages. */
const PlaceSchema = v.strictObject({ region_id: v.number(), name: v.string(), name_en: v.string() });
export type StationPlace = v.InferOutput<typeof PlaceSchema>;

export const StationSchema = v.strictObject({
  st_id: v.number(),
  kind: v.picklist(STATION_KINDS),
  name: v.string(),
  name_en: v.string(),
  /**
   * Pinyin initials of `name`, then of its district, city and province (`shpdzx pdxq shs sh`):
   * what the initials filter matches.
   */
  pinyin: v.string(),
  province: PlaceSchema,
  city: PlaceSchema,
  /** The district, when the station is placed on one. */
  district: v.nullable(PlaceSchema),
  address: v.string(),
  /** The address in English ('' when none is kept: show `address`). */
  address_en: v.string(),
  phone: v.string(),
  hours: v.array(OpeningHoursSchema),
  temp_classes: v.array(v.picklist(TEMP_CLASSES)),
});
export type Station = v.InferOutput<typeof StationSchema>;

export const StationListQuery = NoInput;
export const StationList = v.array(StationSchema);

// ---------------------------------------------------------------- the provider's list

export const STATIONS_MAX = 500;

/** One station as the provider's systems send it; `code` is theirs and names it across syncs. */
export const StationInputSchema = v.strictObject({
  code: RequiredText(40),
  kind: v.picklist(STATION_KINDS, msg('oneOf', { values: STATION_KINDS.join(', ') })),
  name: RequiredText(100),
  name_en: v.optional(TrimmedText(200), ''),
  /** A city or district of the region tree. */
  region_id: IntIn(100000, 999999),
  address: RequiredText(200),
  address_en: v.optional(TrimmedText(300), ''),
  phone: RequiredText(40),
  hours: v.pipe(v.array(OpeningHoursSchema, msg('list')), v.maxLength(14, msg('maxItems', { max: 14 }))),
  temp_classes: v.pipe(
    v.array(v.picklist(TEMP_CLASSES, msg('oneOf', { values: TEMP_CLASSES.join(', ') })), msg('list')),
    v.minLength(1, msg('minItems', { min: 1 })),
  ),
});
export type StationInput = v.InferInput<typeof StationInputSchema>;

/**
 * `provider/station-sync`: the provider's whole list of stations and depots. Stations are matched
 * by `code`: new codes are added, known ones updated, and stations whose code is missing are
 * hidden (kept, `active` false) until a later list names them again.
 */
export const StationSyncRequest = v.strictObject({
  stations: v.pipe(
    v.array(StationInputSchema, msg('list')),
    v.maxLength(STATIONS_MAX, msg('maxItems', { max: STATIONS_MAX })),
    v.check((list) => new Set(list.map((s) => s.code)).size === list.length, msg('invalid')),
  ),
});
export type StationSyncRequest = v.InferInput<typeof StationSyncRequest>;

export const StationSyncAnswer = v.strictObject({
  added: v.number(),
  updated: v.number(),
  hidden: v.number(),
});
export type StationSyncAnswer = v.InferOutput<typeof StationSyncAnswer>;
