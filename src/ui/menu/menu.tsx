import { type KeyboardEvent, type ReactNode, type ToggleEvent, useLayoutEffect, useRef } from 'react';
import { type Anchor, follow } from '../popover/place.ts';

export interface MenuItem<K extends string = string> {
  key: K;
  label: ReactNode;
  disabled?: boolean;
  danger?: boolean;
}

export interface MenuProps<K extends string> {
  open: boolean;
  /** What it opens under: the trigger element, or a point (right-click menus). */
  anchor: Anchor | null;
  items: readonly MenuItem<K>[];
  onSelect: (key: K) => void;
  /** Closed by Esc, a click outside, or a pick; the owner sets `open` to false. */
  onClose: () => void;
  /** Accessible name of the menu. */
  label: string;
  id?: string;
}

/**
 * A menu in an `auto` popover (top layer, light dismiss: Esc or a click outside closes it).
 * ↑/↓/Home/End move, Enter/Space pick, typing a letter jumps to the next item starting with it.
 */
export function Menu<K extends string>({ open, anchor, items, onSelect, onClose, label, id }: MenuProps<K>) {
  const ref = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const menu = ref.current;
    if (!open || !menu || !anchor) return;
    if (!menu.matches(':popover-open')) menu.showPopover();
    const stop = follow(menu, anchor);
    menu.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    return () => {
      stop();
      if (menu.matches(':popover-open')) menu.hidePopover();
    };
  }, [open, anchor]);

  const itemsOf = () =>
    Array.from(
      ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [],
    );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = itemsOf();
    const root = ref.current?.getRootNode() as Document | ShadowRoot | undefined;
    const at = all.indexOf(root?.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowDown') next = all[(at + 1) % all.length];
    else if (event.key === 'ArrowUp') next = all[(at - 1 + all.length) % all.length];
    else if (event.key === 'Home') next = all[0];
    else if (event.key === 'End') next = all[all.length - 1];
    else if (event.key === 'Tab') {
      event.preventDefault();
      onClose();
      return;
    } else if (event.key.length === 1 && /\S/.test(event.key)) {
      const k = event.key.toLocaleLowerCase();
      const order = [...all.slice(at + 1), ...all.slice(0, at + 1)];
      next = order.find((el) => el.textContent?.trim().toLocaleLowerCase().startsWith(k));
    }
    if (!next) return;
    event.preventDefault();
    next.focus();
  };

  const pick = (item: MenuItem<K>) => {
    if (item.disabled) return;
    onClose();
    onSelect(item.key);
  };

  return (
    <div
      ref={ref}
      id={id}
      className="lp-menu lp-root"
      role="menu"
      aria-label={label}
      popover="auto"
      onKeyDown={onKeyDown}
      onToggle={(event: ToggleEvent<HTMLDivElement>) => {
        if (event.newState === 'closed' && open) onClose();
      }}
    >
      {items.map((item) => (
        <div
          key={item.key}
          role="menuitem"
          tabIndex={-1}
          className={['lp-menu__item', item.danger ? 'lp-menu__item--danger' : ''].filter(Boolean).join(' ')}
          aria-disabled={item.disabled || undefined}
          onClick={() => pick(item)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              pick(item);
            }
          }}
        >
          {item.label}
        </div>
      ))}
    </div>
  );
}
