import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { useDomId } from '../use-id.ts';

export interface TabItem<K extends string = string> {
  key: K;
  label: ReactNode;
  disabled?: boolean;
}

export interface TabsProps<K extends string> {
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** The selected tab's panel. */
  children?: ReactNode;
  className?: string;
}

/**
 * Tabs after the ARIA tabs pattern: one tab stop (roving tabindex); ←/→ (and Home/End) move to
 * and select the neighbouring tab; the panel is labelled by its tab.
 */
export function Tabs<K extends string>({
  items,
  selected,
  onSelect,
  label,
  children,
  className,
}: TabsProps<K>) {
  const id = useDomId('lp-tabs');
  const listRef = useRef<HTMLDivElement>(null);
  const enabled = items.filter((i) => !i.disabled);

  const go = (key: K) => {
    onSelect(key);
    listRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = enabled.findIndex((i) => i.key === selected);
    let next: TabItem<K> | undefined;
    if (event.key === 'ArrowRight') next = enabled[(at + 1) % enabled.length];
    else if (event.key === 'ArrowLeft') next = enabled[(at - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled[enabled.length - 1];
    if (!next) return;
    event.preventDefault();
    go(next.key);
  };

  return (
    <div className={['lp-tabs', className].filter(Boolean).join(' ')}>
      <div ref={listRef} className="lp-tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const isSelected = item.key === selected;
          return (
            <button
              key={item.key}
              type="button"
              role="tab"
              id={`${id}-tab-${item.key}`}
              data-key={item.key}
              className="lp-tabs__tab"
              aria-selected={isSelected}
              aria-controls={`${id}-panel`}
              tabIndex={isSelected ? 0 : -1}
              disabled={item.disabled}
              onClick={() => onSelect(item.key)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div
        className="lp-tabs__panel"
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${selected}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern makes the panel a tab stop
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
