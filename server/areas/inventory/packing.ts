import type { AutoBox, InventoryLine } from '../../../src/contract/inventory/schemas.ts';
import type { GoodsType, TempClass } from '../../../src/contract/orders/domain.ts';

/**
 * The packing rule behind `common/auto-box` (docs/api.md, "Packing"):
 *
 * 1. Each goods type packs on its own: samples (biological material, UN3373) never share a box
 *    with drugs or materials, and drugs do not share with materials.
 * 2. A unit takes a fixed volume by goods type (a kit carton, a tube in its rack, a material
 *    pack), padding included: `UNIT_LITRES`.
 * 3. The class's boxes are qualified shippers of fixed inner volume. While the goods left fill
 *    more than the largest box, a largest box is filled; the rest goes in the smallest box that
 *    holds it. Lines are poured in the order given, so a large line may span boxes.
 * 4. A box's weight is its empty weight with coolant plus its goods at `KG_PER_LITRE`.
 */
export const UNIT_LITRES: Readonly<Record<GoodsType, number>> = { 1: 0.4, 2: 0.02, 3: 1 };
export const KG_PER_LITRE = 0.5;

export interface BoxKind {
  box_type: string;
  capacity_l: number;
  weight_kg: number;
  coolant: string;
}

const box = (box_type: string, capacity_l: number, weight_kg: number, coolant: string): BoxKind => ({
  box_type,
  capacity_l,
  weight_kg,
  coolant,
});

/** The shippers of each class, smallest first. */
export const BOXES: Readonly<Record<TempClass, readonly BoxKind[]>> = {
  ambient: [
    box('15-25°C 保温箱 (S)', 10, 2, 'PCM 22°C'),
    box('15-25°C 保温箱 (M)', 30, 4.5, 'PCM 22°C'),
    box('15-25°C 保温箱 (L)', 60, 8, 'PCM 22°C'),
  ],
  chilled: [
    box('2-8°C 保温箱 (S)', 8, 4, 'PCM 5°C'),
    box('2-8°C 保温箱 (M)', 20, 8, 'PCM 5°C'),
    box('2-8°C 保温箱 (L)', 45, 15, 'PCM 5°C'),
  ],
  frozen: [box('-20°C 冷冻箱 (S)', 8, 6, 'PCM -21°C'), box('-20°C 冷冻箱 (M)', 20, 12, 'PCM -21°C')],
  deep_frozen: [
    box('干冰箱 (S)', 6, 10, 'dry ice'),
    box('干冰箱 (M)', 15, 20, 'dry ice'),
    box('干冰箱 (L)', 30, 35, 'dry ice'),
  ],
  cryo: [box('液氮罐 (S)', 2, 12, 'LN2 vapour'), box('液氮罐 (M)', 6, 20, 'LN2 vapour')],
};

const round = (n: number) => Math.round(n * 1000) / 1000;

/** The boxes for `volume` litres: largest boxes while it overflows, then the smallest that holds the rest. */
export function boxSizes(kinds: readonly BoxKind[], volume: number): BoxKind[] {
  const largest = kinds[kinds.length - 1] as BoxKind;
  const out: BoxKind[] = [];
  let left = round(volume);
  while (left > largest.capacity_l) {
    out.push(largest);
    left = round(left - largest.capacity_l);
  }
  if (left > 0) out.push(kinds.find((k) => k.capacity_l >= left) ?? largest);
  return out;
}

/** Suggested boxes for `lines` (each with the quantity to send) at `tempClass`. */
export function packLines(
  tempClass: TempClass,
  lines: ReadonlyArray<{ line: InventoryLine; quantity: number }>,
): AutoBox {
  const kinds = BOXES[tempClass];
  const boxes: AutoBox['boxes'] = [];
  for (const goodsType of [1, 2, 3] as const) {
    const group = lines.filter(({ line }) => line.goods_type === goodsType);
    if (group.length === 0) continue;
    const volumes = group.map(({ line, quantity }) => ({
      in_id: line.in_id,
      litres: round(quantity * UNIT_LITRES[goodsType]),
    }));
    const sizes = boxSizes(
      kinds,
      volumes.reduce((sum, v) => sum + v.litres, 0),
    );
    // pour the lines into the boxes in order
    let next = 0;
    let leftOfLine = volumes[0]?.litres ?? 0;
    for (const size of sizes) {
      let room = size.capacity_l;
      const inIds: number[] = [];
      while (next < volumes.length && room > 0) {
        const take = Math.min(room, leftOfLine);
        if (take > 0 || leftOfLine === 0) inIds.push((volumes[next] as { in_id: number }).in_id);
        room = round(room - take);
        leftOfLine = round(leftOfLine - take);
        if (leftOfLine <= 0) {
          next += 1;
          leftOfLine = volumes[next]?.litres ?? 0;
        }
      }
      const filled = round(size.capacity_l - room);
      boxes.push({
        box_type: size.box_type,
        capacity_l: size.capacity_l,
        filled_l: filled,
        weight_kg: round(size.weight_kg + filled * KG_PER_LITRE),
        coolant: size.coolant,
        goods_type: goodsType,
        in_ids: [...new Set(inIds)],
      });
    }
  }
  return {
    boxes,
    total_volume_l: round(boxes.reduce((sum, b) => sum + b.filled_l, 0)),
    total_weight_kg: round(boxes.reduce((sum, b) => sum + b.weight_kg, 0)),
  };
}
