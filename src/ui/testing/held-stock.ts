import { call } from '../../api/transport.ts';
import { assign, decide } from '../../contract/excursions/operations.ts';
import { searchDrug } from '../../contract/inventory/operations.ts';
import { executeServerCommand } from './commands.ts';
import { providerCall } from './server.ts';

/** A stock line an excursion holds back, at the destination of the shipment that carried it. */
export interface HeldStock {
  /** The stock line at the destination. */
  in_id: number;
  /** The goods' name (the destination line's name). */
  name: string;
  batch_no: string;
  case_id: number;
  case_no: string;
}

/**
 * Goods of project `prId` that a temperature excursion holds back, made the way the product makes
 * them: an order in progress carries them with a logger (`lp-make-orders`), the provider posts
 * the logger's readings, one of them out of the chilled range (`provider/readings`), and the case
 * that opens puts the goods on hold in a stock line at the destination. `quarantine`: the signed-in
 * user (`password`) then takes the case and decides it so, with a signature: the line is
 * quarantined for good.
 */
export async function heldStock(
  cuId: number,
  prId: number,
  options: { name: string; quarantine?: { uid: number; password: string } },
): Promise<HeldStock> {
  const tag = Math.random().toString(36).slice(2, 10);
  const logger_id = `LG-H-${tag}`;
  const batch_no = `H-${tag}`;
  const made = await executeServerCommand<{ orders: Array<{ order_no: string }> }>('lp-make-orders', {
    cuId,
    orders: [
      {
        pr_id: prId,
        status: 'not_finished',
        goods: [
          {
            goods_type: 1,
            name: options.name,
            code: `IP-H-${tag}`,
            batch_no,
            expiry: '2028-06-30',
            quantity: 10,
            unit: '盒',
          },
        ],
        boxes: [{ box_type: '2-8°C 保温箱 (M)', logger_id, weight_kg: 6.5 }],
      },
    ],
  });
  const order_no = made.orders[0]?.order_no ?? '';
  const start = Date.now() - 3 * 3_600_000;
  const readings = [5, 9, 12, 11, 6, 5].map((celsius, i) => ({
    at: new Date(start + i * 600_000).toISOString(),
    celsius,
  }));
  const answer = await providerCall('readings', { order_no, logger_id, readings });
  const case_no = (answer.data as { case_no?: string } | null)?.case_no;
  if (!case_no) throw new Error(`the readings opened no case: ${JSON.stringify(answer)}`);
  const case_id = Number(case_no.replace(/^EXC-/, ''));
  if (options.quarantine) {
    await call(assign, { id: case_id, uid: options.quarantine.uid });
    await call(decide, {
      id: case_id,
      decision: 'quarantine',
      reason: 'Out of its stability budget',
      signature: { password: options.quarantine.password, meaning: 'approval' },
    });
  }
  const [line] = await call(searchDrug, { keyword: batch_no });
  if (!line) throw new Error(`no stock line of batch ${batch_no}`);
  return { in_id: line.in_id, name: options.name, batch_no, case_id, case_no };
}
