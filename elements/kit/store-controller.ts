import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ReadableAtom } from 'nanostores';

/**
 * A Lit element's view of a store (what `useStore` is to a React component): while the element
 * is connected it re-renders on every change of `store`, and `value` is the store's value.
 * `onChange(value, previous)` runs before that render, also for a change that happened while the
 * element was disconnected (seen when it connects again), so an element can act on a transition
 * such as a sign-out. Types only from Lit: the kit's React elements do not pay for it.
 */
export class StoreController<T> implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #store: ReadableAtom<T>;
  readonly #onChange: ((value: T, previous: T) => void) | undefined;
  #seen: T;
  #unlisten: (() => void) | null = null;

  constructor(
    host: ReactiveControllerHost,
    store: ReadableAtom<T>,
    onChange?: (value: T, previous: T) => void,
  ) {
    this.#host = host;
    this.#store = store;
    this.#onChange = onChange;
    this.#seen = store.get();
    host.addController(this);
  }

  get value(): T {
    return this.#store.get();
  }

  #see(value: T): void {
    const previous = this.#seen;
    if (Object.is(previous, value)) return;
    this.#seen = value;
    this.#onChange?.(value, previous);
    this.#host.requestUpdate();
  }

  hostConnected(): void {
    this.#see(this.#store.get());
    this.#unlisten ??= this.#store.listen((value) => this.#see(value));
  }

  hostDisconnected(): void {
    this.#unlisten?.();
    this.#unlisten = null;
  }
}
