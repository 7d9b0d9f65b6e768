import '../../i18n/areas/order-list.ts';
import { ANSWERED_DAYS, type ModificationFilter } from '../../contract/orders/modification-filter.ts';
import { useT } from '../../ui/use-t.ts';

/**
 * The modification requests the list is limited to (the home page's link), as a chip that removes
 * the filter: its accessible name says so and holds its visible text.
 */
export function ModificationChip({
  modification,
  onRemove,
}: {
  modification: ModificationFilter;
  onRemove: () => void;
}) {
  const t = useT();
  const name = t(`orderList.modification.${modification}`, { days: ANSWERED_DAYS });
  return (
    <p className="order-chip-line">
      <span>{t('orderList.modification.showing')}</span>
      <button
        type="button"
        className="order-chip"
        aria-label={t('orderList.modification.remove', { name })}
        onClick={onRemove}
      >
        <span>{name}</span>
        <span className="order-chip__x" aria-hidden="true">
          ×
        </span>
      </button>
    </p>
  );
}
