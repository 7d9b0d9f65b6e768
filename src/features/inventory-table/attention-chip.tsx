import '../../i18n/areas/inventory.ts';
import type { StockAttention } from '../../contract/inventory/attention.ts';
import { useT } from '../../ui/use-t.ts';

/**
 * The stock needing a look the list is limited to (the home page's link), as a chip that removes
 * the filter: its accessible name says so and holds its visible text.
 */
export function AttentionChip({ attention, onRemove }: { attention: StockAttention; onRemove: () => void }) {
  const t = useT();
  const name = t(`inventory.attention.${attention}`);
  return (
    <p className="inv-attention">
      <span>{t('inventory.attention.showing')}</span>
      <button
        type="button"
        className="inv-chip"
        aria-label={t('inventory.attention.remove', { name })}
        onClick={onRemove}
      >
        <span>{name}</span>
        <span className="inv-chip__x" aria-hidden="true">
          ×
        </span>
      </button>
    </p>
  );
}
