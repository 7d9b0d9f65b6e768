// biome-ignore-all lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern makes ul/li a listbox of options
// biome-ignore-all lint/a11y/useFocusableInteractive: options are reached by aria-activedescendant, the focus stays in the input
// biome-ignore-all lint/a11y/useKeyWithClickEvents: options are picked with the input's keyboard handler
import {
  type ChangeEvent,
  type KeyboardEvent,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { follow } from '../popover/place.ts';
import { useDomId } from '../use-id.ts';
import { useT } from '../use-t.ts';

export interface SelectOption<V extends string | number = string> {
  value: V;
  label: string;
  disabled?: boolean;
  /** Pinyin initials of the label when known (the server sends them for customers). */
  initials?: string;
}

/**
 * Picks the options that match what the user typed. The default is a case-insensitive
 * substring match on the label; `usePinyinFilter` adds pinyin initials (spec §5).
 */
export type SelectFilter<V extends string | number = string> = (
  options: readonly SelectOption<V>[],
  query: string,
) => readonly SelectOption<V>[];

export function containsFilter<V extends string | number>(
  options: readonly SelectOption<V>[],
  query: string,
): readonly SelectOption<V>[] {
  const q = query.trim().toLocaleLowerCase();
  return q ? options.filter((o) => o.label.toLocaleLowerCase().includes(q)) : options;
}

export interface SelectProps<V extends string | number> {
  options: readonly SelectOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  /** Matcher for typed text, e.g. the pinyin-initials filter of src/lib (default: substring). */
  filter?: SelectFilter<V>;
  placeholder?: string;
  disabled?: boolean;
  /** Id of the input (for a `<label for>`, see FormField). */
  id?: string;
  /** Accessible name when there is no visible label. */
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  required?: boolean;
  /** The input lost the focus (a form shows the field's message). */
  onBlur?: () => void;
  className?: string;
}

/**
 * A filterable select (ARIA combobox with a listbox popup in the top layer). Opening it empties
 * the field (the current choice shows as the placeholder), so typing searches at once; typing
 * filters the options with `filter`; ↓/↑ move, Enter picks, Esc closes (a second Esc clears the text),
 * Home/End jump; the list follows the input when the page scrolls.
 */
export function Select<V extends string | number>({
  options,
  value,
  onChange,
  filter = containsFilter<V>,
  placeholder,
  disabled,
  id,
  className,
  required,
  onBlur,
  ...aria
}: SelectProps<V>) {
  const t = useT();
  const ownId = useDomId('lp-select');
  const inputId = id ?? ownId;
  const listId = `${inputId}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(-1);

  const selected = options.find((o) => o.value === value) ?? null;
  const shown = useMemo(() => (query ? filter(options, query) : options), [options, filter, query]);

  useLayoutEffect(() => {
    const list = listRef.current;
    const input = inputRef.current;
    if (!open || !list || !input) return;
    if (!list.matches(':popover-open')) list.showPopover();
    const stop = follow(list, input, true);
    return () => {
      stop();
      if (list.matches(':popover-open')) list.hidePopover();
    };
  }, [open]);

  // The list can change under the user (a filter that finishes loading, new options): keep an
  // active option whenever one is enabled.
  useEffect(() => {
    if (open && (active < 0 || active >= shown.length)) setActive(firstEnabled(shown, 0, 1));
  }, [open, shown, active]);

  useEffect(() => {
    if (!open || active < 0) return;
    listRef.current
      ?.querySelector(`#${CSS.escape(`${listId}-${active}`)}`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [open, active, listId]);

  const openList = () => {
    if (disabled) return;
    setOpen(true);
    // The field empties for searching at once; the current choice stays as its placeholder.
    setQuery('');
    const index = shown.findIndex((o) => o.value === value);
    setActive(index >= 0 ? index : firstEnabled(shown, 0, 1));
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
    setActive(-1);
  };
  const pick = (option: SelectOption<V> | undefined) => {
    if (!option || option.disabled) return;
    close();
    if (option.value !== value) onChange(option.value);
  };
  const move = (from: number, step: 1 | -1) => setActive(firstEnabled(shown, from, step));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        if (!open) openList();
        else move(active < 0 ? (step === 1 ? 0 : shown.length - 1) : active + step, step);
        break;
      }
      case 'Home':
      case 'End':
        if (!open) return;
        event.preventDefault();
        if (event.key === 'Home') move(0, 1);
        else move(shown.length - 1, -1);
        break;
      case 'Enter':
        if (!open) return;
        event.preventDefault();
        pick(shown[active]);
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          close();
        } else if (query) setQuery(null);
        break;
      case 'Tab':
        if (open) close();
        break;
    }
  };
  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    setQuery(text);
    setOpen(true);
    const next = text ? filter(options, text) : options;
    setActive(firstEnabled(next, 0, 1));
  };

  return (
    <div className={['lp-select', className].filter(Boolean).join(' ')}>
      <input
        ref={inputRef}
        id={inputId}
        className="lp-select__input"
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-required={required || undefined}
        aria-label={aria['aria-label']}
        aria-describedby={aria['aria-describedby']}
        aria-invalid={aria['aria-invalid'] || undefined}
        placeholder={selected?.label ?? placeholder ?? t('ui.select.placeholder')}
        value={query ?? selected?.label ?? ''}
        disabled={disabled}
        onChange={onInput}
        onKeyDown={onKeyDown}
        onClick={() => (open ? close() : openList())}
        // Typing into a field reached by Tab replaces the current choice's text instead of adding to it.
        onFocus={(event) => event.currentTarget.select()}
        onBlur={() => {
          close();
          onBlur?.();
        }}
      />
      <span className="lp-select__arrow" aria-hidden="true" />
      <ul
        ref={listRef}
        id={listId}
        className="lp-select__list lp-root"
        role="listbox"
        popover="manual"
        aria-label={aria['aria-label']}
      >
        {open &&
          shown.map((option, index) => (
            <li
              key={String(option.value)}
              id={`${listId}-${index}`}
              role="option"
              className="lp-select__option"
              aria-selected={option.value === value}
              aria-disabled={option.disabled || undefined}
              data-active={index === active || undefined}
              // keep the focus in the input; the click picks
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(option)}
              onMouseMove={() => index !== active && !option.disabled && setActive(index)}
            >
              {option.label}
            </li>
          ))}
        {open && shown.length === 0 && (
          <li className="lp-select__empty" role="presentation">
            {t('ui.select.noMatch')}
          </li>
        )}
      </ul>
    </div>
  );
}

function firstEnabled<V extends string | number>(
  list: readonly SelectOption<V>[],
  from: number,
  step: 1 | -1,
): number {
  const n = list.length;
  if (n === 0) return -1;
  for (let i = 0; i < n; i++) {
    const index = (((from + i * step) % n) + n) % n;
    if (!list[index]?.disabled) return index;
  }
  return -1;
}
