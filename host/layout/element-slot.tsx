import { createElement, type ReactNode, useEffect, useRef, useState } from 'react';
import { isAvailable, loadElement } from '../elements.ts';

export interface ElementSlotProps {
  tag: string;
  /**
   * Strings and numbers as attributes. Booleans go through as they are: React 19 sets the
   * element's property when it has one (the kit's boolean properties), else toggles the attribute.
   * (An empty string would reach a boolean property as `false`.) `undefined` leaves it out.
   */
  attrs?: Record<string, string | number | boolean | undefined>;
  /** DOM event listeners by event name (`lp-customer-change`). */
  events?: Record<string, (event: Event) => void>;
  /** Shown while the element loads. */
  fallback?: ReactNode;
  /** Shown when no such element exists (defaults to the loading fallback). */
  unavailable?: ReactNode;
  className?: string;
}

/** Renders a feature element by tag, loading its module on first use. */
export function ElementSlot({
  tag,
  attrs = {},
  events = {},
  fallback = null,
  unavailable,
  className,
}: ElementSlotProps) {
  const [state, setState] = useState<'loading' | 'ready' | 'missing'>(() =>
    customElements.get(tag) ? 'ready' : isAvailable(tag) ? 'loading' : 'missing',
  );
  const ref = useRef<HTMLElement>(null);
  const handlers = useRef(events);
  handlers.current = events;

  useEffect(() => {
    if (state !== 'loading') return;
    let live = true;
    void loadElement(tag).then((ok) => {
      if (live) setState(ok ? 'ready' : 'missing');
    });
    return () => {
      live = false;
    };
  }, [tag, state]);

  const eventNames = Object.keys(events).join(',');
  useEffect(() => {
    const el = ref.current;
    if (!el || state !== 'ready') return;
    const names = eventNames ? eventNames.split(',') : [];
    const listener = (event: Event) => handlers.current[event.type]?.(event);
    for (const name of names) el.addEventListener(name, listener);
    return () => {
      for (const name of names) el.removeEventListener(name, listener);
    };
  }, [eventNames, state]);

  if (state === 'missing') return <>{unavailable ?? fallback}</>;
  if (state !== 'ready') return <>{fallback}</>;
  const props: Record<string, unknown> = { ref, class: className };
  for (const [key, value] of Object.entries(attrs)) {
    if (typeof value === 'boolean') props[key] = value;
    else if (value !== undefined) props[key] = String(value);
  }
  return createElement(tag, props);
}
