import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../../../src/contract/orders/domain.ts';
import { nextStatus, ORDER_ACTIONS, type OrderAction } from './transitions.ts';

/** Every allowed move, written out by hand from the design's table: anything else is refused. */
const ALLOWED: Record<OrderAction, Partial<Record<OrderStatus, OrderStatus>>> = {
  approve: { pending_approval: 'pending_confirm' },
  reject: { pending_approval: 'cancelled' },
  cancel: { pending_approval: 'cancelled', pending_confirm: 'cancelled' },
  merge: { pending_approval: 'cancelled', pending_confirm: 'cancelled' },
  confirm: { pending_confirm: 'not_finished' },
  milestone: { not_finished: 'not_finished' },
  sign: { not_finished: 'finished' },
  apply_modify: { not_finished: 'not_finished' },
  accept_change: { not_finished: 'not_finished' },
  accept_cancel: { not_finished: 'cancelled' },
  reject_modify: { not_finished: 'not_finished' },
};

describe('the status table', () => {
  it('lists exactly the actions of the design', () => {
    expect([...ORDER_ACTIONS].sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  for (const action of Object.keys(ALLOWED) as OrderAction[]) {
    for (const from of ORDER_STATUSES) {
      const to = ALLOWED[action][from] ?? null;
      it(`${action} from ${from}: ${to ?? 'refused'}`, () => {
        expect(nextStatus(action, from)).toBe(to);
      });
    }
  }

  it('never moves an order out of finished or cancelled', () => {
    for (const action of ORDER_ACTIONS) {
      expect(nextStatus(action, 'finished')).toBeNull();
      expect(nextStatus(action, 'cancelled')).toBeNull();
    }
  });
});
