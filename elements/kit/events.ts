/**
 * Typed `lp-*` events. An element declares its events in `GlobalEventHandlersEventMap`
 * (`'lp-customer-change': CustomEvent<{ identifier: string }>`), so `addEventListener` on any
 * element, and `dispatch` here, know the detail type.
 */
export type LpEventName = Extract<keyof GlobalEventHandlersEventMap, `lp-${string}`>;

export type LpEventDetail<K extends LpEventName> =
  GlobalEventHandlersEventMap[K] extends CustomEvent<infer D> ? D : never;

/**
 * Dispatches `type` from the host element, bubbling and composed (it crosses shadow boundaries
 * up to the page). Returns false when a listener called `preventDefault()` on a cancelable event.
 */
export function dispatch<K extends LpEventName>(
  host: HTMLElement,
  type: K,
  detail: LpEventDetail<K>,
  options: { cancelable?: boolean } = {},
): boolean {
  return host.dispatchEvent(
    new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }),
  );
}
