import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useT } from '../use-t.ts';

export interface ChecklistItem {
  id: string;
  /** The rule, as read out when it changes. */
  label: string;
  /** More about the rule under its label (the set of symbols). */
  detail?: ReactNode;
  met: boolean;
}

/**
 * Rules a value must meet, each ticked while it holds: use it as a field's hint, so the field is
 * described by the rules and their states ("met" / "not met" for screen readers).
 */
export function Checklist({ items, label }: { items: readonly ChecklistItem[]; label?: string }) {
  const t = useT();
  return (
    <ul className="lp-checklist" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="lp-checklist__item" data-met={item.met || undefined}>
          <span className="lp-checklist__mark" aria-hidden="true">
            {item.met ? '✓' : '○'}
          </span>
          <span className="lp-checklist__text">
            <span className="lp-visually-hidden">
              {item.met ? t('ui.checklist.met') : t('ui.checklist.unmet')}
            </span>
            <span className="lp-checklist__label">{item.label}</span>
            {item.detail && <span className="lp-checklist__detail">{item.detail}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * What to read out when rules change state as the user types ("met: 8–16 characters"), for a
 * field's `status`: '' until the first change, then the latest changes.
 */
export function useChecklistAnnouncement(items: readonly ChecklistItem[]): string {
  const t = useT();
  const previous = useRef(new Map(items.map((item) => [item.id, item.met])));
  const [text, setText] = useState('');
  const key = items.map((item) => `${item.id}:${item.met}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the items' states
  useEffect(() => {
    const changed = items.filter((item) => previous.current.get(item.id) !== item.met);
    previous.current = new Map(items.map((item) => [item.id, item.met]));
    if (changed.length === 0) return;
    setText(
      changed
        .map((item) => t(item.met ? 'ui.checklist.nowMet' : 'ui.checklist.nowUnmet', { rule: item.label }))
        .join(t('ui.checklist.separator')),
    );
  }, [key]);
  return text;
}
