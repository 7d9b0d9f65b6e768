import * as v from 'valibot';
import { msg } from '../messages.ts';

/** The most a goods line may hold, and the finest step: three decimals (0.001). */
export const QUANTITY_MAX = 1_000_000;
export const QUANTITY_DECIMALS = 3;

/**
 * Units measured rather than counted (mass and volume, as the provider's catalogue writes them):
 * a quantity in them may have decimals ("2.5 kg"). Every other unit counts pieces (瓶, 盒, 支,
 * kit, vial…) and takes whole numbers only: 2.5 vials is not an amount anyone can ship.
 */
const MEASURES = new Set([
  'kg',
  'g',
  'mg',
  'μg',
  'ug',
  't',
  'l',
  'ml',
  'dl',
  '千克',
  '公斤',
  '克',
  '毫克',
  '吨',
  '升',
  '毫升',
]);

/** True when `unit` is measured (kg, mL…), so its quantities may be fractional. */
export const takesFractions = (unit: string): boolean => MEASURES.has(unit.trim().toLowerCase());

/** True when `quantity` fits `unit`: whole for counted units. */
export const fitsUnit = (quantity: number, unit: string): boolean =>
  takesFractions(unit) || Number.isInteger(quantity);

const STEP = 10 ** QUANTITY_DECIMALS;
/** True when `n` has no more than QUANTITY_DECIMALS decimals (also for 1e-7, which has no "."). */
const onStep = (n: number) => Math.round(n * STEP) / STEP === n;

/**
 * A quantity of goods: a number, or a decimal string as a form sends it. More than 0 ("must be
 * more than 0" for 0 and −3 alike, not "enter a number"), at most three decimals and at most
 * QUANTITY_MAX. Whether fractions fit the line's unit is the stock's to say (`fitsUnit`).
 */
export const Quantity = v.pipe(
  v.union(
    [v.number(), v.pipe(v.string(), v.trim(), v.regex(/^[-+]?(\d+(\.\d*)?|\.\d+)$/), v.transform(Number))],
    msg('number'),
  ),
  v.number(msg('number')),
  v.finite(msg('number')),
  v.gtValue(0, msg('positive')),
  v.check(onStep, msg('decimals', { max: QUANTITY_DECIMALS })),
  v.maxValue(QUANTITY_MAX, msg('max', { max: QUANTITY_MAX })),
);
