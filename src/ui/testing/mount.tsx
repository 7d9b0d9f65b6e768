import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { kitSheets } from '../styles.ts';
import { until } from './clock.ts';

/** A React tree rendered inside a shadow root that adopts the kit's stylesheets, as elements do. */
export interface Mounted {
  host: HTMLElement;
  shadow: ShadowRoot;
  render(node: ReactNode): void;
  $<E extends Element = HTMLElement>(selector: string): E;
  $$<E extends Element = HTMLElement>(selector: string): E[];
  unmount(): void;
}

const mounted = new Set<Mounted>();

export function mount(node: ReactNode): Mounted {
  const host = document.createElement('div');
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  shadow.adoptedStyleSheets = kitSheets();
  const container = document.createElement('div');
  container.className = 'lp-root';
  shadow.append(container);
  const root: Root = createRoot(container);
  const m: Mounted = {
    host,
    shadow,
    render: (next) => flushSync(() => root.render(next)),
    $: <E extends Element>(selector: string) => {
      const el = shadow.querySelector<E>(selector);
      if (!el) throw new Error(`no ${selector} in the shadow root`);
      return el;
    },
    $$: <E extends Element>(selector: string) => Array.from(shadow.querySelectorAll<E>(selector)),
    unmount: () => {
      root.unmount();
      host.remove();
      mounted.delete(m);
    },
  };
  mounted.add(m);
  m.render(node);
  return m;
}

/** Unmounts everything `mount` rendered (call in afterEach). */
export function cleanup(): void {
  for (const m of [...mounted]) m.unmount();
}

/**
 * One macrotask, through a MessageChannel as React's scheduler takes it: unlike `setTimeout(0)`
 * it also runs while a test's fake clock (testing/clock.ts) holds the timers.
 */
function macrotask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Waits for React's pending work and two frames (with real or fake timers alike). */
export async function settle(): Promise<void> {
  await macrotask();
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
}

/** The focused element, looking through shadow roots. */
export function deepActive(): Element | null {
  let el: Element | null = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}

/**
 * Waits until an element of the kit (elements/kit/react-element.ts) has drawn its first tree,
 * then settles (its effects run). Its first draw is a transition, which React may spread over
 * several frames on a busy machine: `settle()` alone after placing it was not always enough.
 */
export async function drawn<E extends Element>(el: E): Promise<E> {
  await until(
    () => el.shadowRoot?.querySelector('.lp-root')?.firstElementChild,
    `${el.localName} drawn`,
    15_000,
  );
  await settle();
  return el;
}
