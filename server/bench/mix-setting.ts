import { type Kind, MIX } from './load-mix.ts';

/**
 * `BENCH_MIX`: another mix for a run, as `kind:weight` pairs (`list:1` drives the order list
 * alone; `view:25,list:30`), kinds left out weigh 0. Unset or empty: the realistic mix (MIX).
 * Throws on an unknown kind or a weight that is not a number ≥ 0, or when every weight is 0.
 */
export function parseMix(text: string | undefined): Record<Kind, number> {
  if (!text?.trim()) return { ...MIX };
  const mix = Object.fromEntries(Object.keys(MIX).map((k) => [k, 0])) as Record<Kind, number>;
  for (const pair of text.split(',')) {
    const [name = '', weight = '1'] = pair.split(':').map((s) => s.trim());
    if (!(name in MIX))
      throw new Error(`BENCH_MIX: unknown kind "${name}" (kinds: ${Object.keys(MIX).join(', ')})`);
    const n = Number(weight);
    if (!Number.isFinite(n) || n < 0)
      throw new Error(`BENCH_MIX: the weight of ${name} must be a number ≥ 0`);
    mix[name as Kind] = n;
  }
  if (Object.values(mix).every((n) => n === 0)) throw new Error('BENCH_MIX: every weight is 0');
  return mix;
}
