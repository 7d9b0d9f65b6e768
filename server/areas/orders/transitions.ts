import { ORDER_STATUSES, type OrderStatus } from '../../../src/contract/orders/domain.ts';

/**
 * The order's status table (docs/api.md, "Orders"): which action moves an order from which
 * statuses to which, and who takes it. Every write that changes an order looks its action up
 * here; an action from any other status is refused with 409 and changes nothing. Creating an
 * order (draft → `pending_approval` or `pending_confirm`) is not a transition of an existing
 * order and is not listed.
 */
export const TRANSITIONS = {
  /** An approver passes an order. */
  approve: { from: ['pending_approval'], to: 'pending_confirm', by: 'customer', event: 'approved' },
  /** An approver rejects an order (reason required). */
  reject: { from: ['pending_approval'], to: 'cancelled', by: 'customer', event: 'rejected' },
  /** The customer cancels an order still open (reason required). */
  cancel: {
    from: ['pending_approval', 'pending_confirm'],
    to: 'cancelled',
    by: 'customer',
    event: 'cancelled',
  },
  /** An open order merged into a new one. */
  merge: {
    from: ['pending_approval', 'pending_confirm'],
    to: 'cancelled',
    by: 'customer',
    event: 'merged_into',
  },
  /** The provider confirms an order. */
  confirm: { from: ['pending_confirm'], to: 'not_finished', by: 'provider', event: 'confirmed' },
  /** The provider posts a milestone (picked up, in transit …); the status stays. */
  milestone: { from: ['not_finished'], to: 'not_finished', by: 'provider', event: 'milestone' },
  /** The provider records the signature: delivered and done. */
  sign: { from: ['not_finished'], to: 'finished', by: 'provider', event: 'signed' },
  /** The customer asks the provider to change or cancel a confirmed order; the status stays. */
  apply_modify: { from: ['not_finished'], to: 'not_finished', by: 'customer', event: 'modify_requested' },
  /** The provider accepts a change request; the status stays. */
  accept_change: { from: ['not_finished'], to: 'not_finished', by: 'provider', event: 'modify_accepted' },
  /** The provider accepts a cancel request. */
  accept_cancel: { from: ['not_finished'], to: 'cancelled', by: 'provider', event: 'modify_accepted' },
  /** The provider rejects a modification request; the status stays. */
  reject_modify: { from: ['not_finished'], to: 'not_finished', by: 'provider', event: 'modify_rejected' },
} as const satisfies Record<
  string,
  {
    from: readonly OrderStatus[];
    to: OrderStatus;
    by: 'customer' | 'provider';
    /** The `order_events.kind` the transition writes. */
    event: string;
  }
>;

export type OrderAction = keyof typeof TRANSITIONS;
export const ORDER_ACTIONS = Object.keys(TRANSITIONS) as OrderAction[];

/** The status `action` leads to from `from`, or null when the table does not allow it. */
export function nextStatus(action: OrderAction, from: OrderStatus): OrderStatus | null {
  const rule = TRANSITIONS[action];
  return (rule.from as readonly OrderStatus[]).includes(from) ? rule.to : null;
}

/** The statuses from which `action` is allowed. */
export const allowedFrom = (action: OrderAction): readonly OrderStatus[] =>
  ORDER_STATUSES.filter((status) => nextStatus(action, status) !== null);
