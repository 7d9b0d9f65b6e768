import { useT } from '../use-t.ts';

export interface FilterChipProps {
  /** What the list is limited to, in words ("Low stock …"). */
  name: string;
  onRemove: () => void;
}

/**
 * "Showing only: <name> ×": a filter the address brought (a home page link) as a chip that
 * removes it. Its accessible name says so and holds the visible text.
 */
export function FilterChip({ name, onRemove }: FilterChipProps) {
  const t = useT();
  return (
    <p className="lp-filter-chip-line">
      <span>{t('ui.filterChip.showing')}</span>
      <button
        type="button"
        className="lp-filter-chip"
        aria-label={t('ui.filterChip.remove', { name })}
        onClick={onRemove}
      >
        <span>{name}</span>
        <span className="lp-filter-chip__x" aria-hidden="true">
          ×
        </span>
      </button>
    </p>
  );
}
