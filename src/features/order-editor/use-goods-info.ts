import { useCallback, useEffect, useState } from 'react';
import type { InventoryLine } from '../../contract/inventory/schemas.ts';
import { checkGoods } from './editor-api.ts';
import type { EditorForm, GoodsInfo } from './form-model.ts';
import { infoOfLine } from './goods-section.tsx';

const CHECK_DELAY_MS = 300;

const unknownLine = (inId: number): GoodsInfo => ({
  code: '',
  name: `#${inId}`,
  spec: '',
  batch_no: '',
  expiry: null,
  available: 0,
  unit: '',
  depot: '',
  warning: null,
  refused: null,
});

/**
 * What the form knows of its goods lines: first from the search that found them, then from the
 * server's check (`inventory-detail-add`: available, expiry warning against the pickup day, and
 * why a line would be refused), asked again when the lines, the class or the pickup change.
 */
export function useGoodsInfo(form: EditorForm, orderId: number | null) {
  const [info, setInfo] = useState<ReadonlyMap<number, GoodsInfo>>(new Map());
  const lines = form.goods ?? [];
  const key = JSON.stringify([
    lines.map((l) => [l.in_id, Number(l.quantity) > 0 ? Number(l.quantity) : 0]),
    form.pr_id,
    form.temp_class,
    form.pickup_at,
  ]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the lines, class and pickup
  useEffect(() => {
    if (lines.length === 0) return;
    let live = true;
    const timer = setTimeout(() => {
      checkGoods({
        ...(form.pr_id ? { pr_id: form.pr_id } : {}),
        ...(form.temp_class ? { temp_class: form.temp_class } : {}),
        ...(form.pickup_at && !Number.isNaN(Date.parse(form.pickup_at)) ? { pickup_at: form.pickup_at } : {}),
        ...(orderId ? { order_id: orderId } : {}),
        // A line without a quantity yet is checked for what is available only.
        lines: lines.map((l) => ({
          in_id: l.in_id,
          quantity: Number(l.quantity) > 0 ? Number(l.quantity) : 0.001,
        })),
      }).then(
        (answer) => {
          if (!live) return;
          setInfo((current) => {
            const next = new Map(current);
            for (const line of answer.list) next.set(line.in_id, { ...line, refused: null });
            for (const refusal of answer.refused) {
              const known = next.get(refusal.in_id) ?? unknownLine(refusal.in_id);
              next.set(refusal.in_id, {
                ...known,
                available: refusal.available,
                refused: refusal.reason,
                case_no: refusal.case_no ?? null,
              });
            }
            return next;
          });
        },
        () => undefined,
      );
    }, CHECK_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, orderId]);
  const found = useCallback((line: InventoryLine) => {
    setInfo((current) =>
      current.has(line.in_id) ? current : new Map(current).set(line.in_id, infoOfLine(line)),
    );
  }, []);
  return { info, found };
}
