import '../../i18n/areas/inventory.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { serverColumnSettings } from '../../api/list-settings.ts';
import type { InventoryLine } from '../../contract/inventory/schemas.ts';
import { navigate } from '../../stores/navigation.ts';
import { toast } from '../../stores/notices.ts';
import { Button } from '../../ui/button/button.tsx';
import { DataTable } from '../../ui/data-table/index.ts';
import { FilterChip } from '../../ui/filter-chip/filter-chip.tsx';
import { EmptyState } from '../../ui/states/empty-state.tsx';
import { useT } from '../../ui/use-t.ts';
import { exportStock, fetchDepots, GOODS_TYPE_OF } from './api.ts';
import { heldReason, stockColumns, type T } from './columns.tsx';
import { filterQuery, hasFilters, NO_FILTERS, type StockKind } from './filters.ts';
import { StockFilterBar } from './filter-bar.tsx';
import { type HandoffProblem, orderFromLines } from './handoff.ts';
import { MovementsDialog } from './movements-dialog.tsx';
import type { StockListStore } from './stock-list-store.ts';
import { sortQuery } from '../../stores/list/page-query.ts';
import { ZoneNote } from '../../ui/zone-note/zone-note.tsx';

/** The column settings' list name of each kind of stock (per user and customer, on the server). */
export const COLUMN_LISTS: Record<StockKind, string> = {
  drugs: 'customer-inventory/index-yp/drugs',
  samples: 'customer-inventory/index-yp/samples',
  materials: 'customer-inventory/index-material',
};

/** What the user reads when lines cannot make one order. */
export function problemText(t: T, problem: HandoffProblem): string {
  if (problem.kind === 'tooMany') return t('inventory.order.tooMany', { max: problem.max });
  if (problem.kind === 'nothingAvailable' || problem.kind === 'held')
    return t(`inventory.order.${problem.kind}`, {
      name: problem.line.name,
      batch: problem.line.batch_no || '—',
    });
  return t(`inventory.order.${problem.kind}`);
}

/** The depots of a kind for the depot filter (none until loaded, or when that fails). */
function useDepots(kind: StockKind): string[] {
  const [depots, setDepots] = useState<string[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    fetchDepots(kind, abort.signal).then(setDepots, () => undefined);
    return () => abort.abort();
  }, [kind]);
  return depots;
}

export interface StockPanelProps {
  kind: StockKind;
  list: StockListStore;
  /** The chosen lines go to the order editor at `path` (before the portal navigates). */
  onOrder?: ((order: { path: string; in_ids: number[] }) => void) | undefined;
}

/**
 * One kind of stock: filters, the server-paged and sorted table with column settings and
 * selection, a line's movements in a dialog, export of the filtered set, and an order of the
 * selected lines.
 */
export function StockPanel({ kind, list, onOrder }: StockPanelProps) {
  const t = useT();
  const state = useStore(list.$state);
  const selected = useStore(list.$selected);
  const depots = useDepots(kind);
  const [movementsOf, setMovementsOf] = useState<InventoryLine | null>(null);
  const [problem, setProblem] = useState<HandoffProblem | null>(null);
  const [exporting, setExporting] = useState(false);
  const { filters } = state.params;
  const [now] = useState(() => new Date());
  const columns = useMemo(() => stockColumns(t, setMovementsOf, now), [t, now]);
  const lines = [...selected.values()];
  const root = useRef<HTMLDivElement>(null);

  // a changed selection drops the message about the previous one
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection is what is watched
  useEffect(() => setProblem(null), [selected]);

  const order = () => {
    const made = orderFromLines(lines);
    if (made.problem) {
      setProblem(made.problem);
      return;
    }
    onOrder?.({ path: made.path, in_ids: lines.map((l) => l.in_id) });
    navigate(made.path);
  };

  const runExport = async () => {
    setExporting(true);
    try {
      const sort = sortQuery(state.params.sort);
      const blob = await exportStock({
        ...filterQuery(filters),
        goods_type: GOODS_TYPE_OF[kind],
        ...(sort ? { sort } : {}),
      });
      saveBlob(blob, `${t(`inventory.table.${kind}`)}.xlsx`);
      toast(t('inventory.exported', { rows: state.total }), 'success');
    } catch {
      // shown by the page's notices
    } finally {
      setExporting(false);
    }
  };

  const empty = hasFilters(filters) ? (
    <EmptyState message={t('inventory.empty.filtered')}>
      <Button guardMs={0} onClick={() => list.setFilters(NO_FILTERS)}>
        {t('inventory.filter.clear')}
      </Button>
    </EmptyState>
  ) : (
    <EmptyState message={t('inventory.empty.none')} />
  );

  return (
    <div className="inv-panel" ref={root}>
      <StockFilterBar
        filters={filters}
        depots={depots}
        onChange={(patch) => list.setFilters(patch)}
        onClear={() => list.setFilters(NO_FILTERS)}
      />
      {filters.attention && (
        <FilterChip
          name={t(`inventory.attention.${filters.attention}`)}
          onRemove={() => {
            list.setFilters({ attention: '' });
            // the chip is gone: the keyboard goes on from the filters
            root.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
          }}
        />
      )}
      <div className="inv-notice" role="alert">
        {problem && <p className="inv-problem">{problemText(t, problem)}</p>}
      </div>
      <ZoneNote />
      <DataTable<InventoryLine>
        cards
        source={list}
        columns={columns}
        label={t(`inventory.table.${kind}`)}
        selectable
        rowLabel={(line) => t('inventory.selectLine', { name: line.name, batch: line.batch_no || '—' })}
        unselectable={(line) => heldReason(t, line)}
        columnSettings={{ list: COLUMN_LISTS[kind], persistence: serverColumnSettings }}
        maxHeight="none"
        empty={empty}
        toolbar={
          <>
            {lines.length > 0 && (
              <Button size="sm" variant="primary" guardMs={0} onClick={order}>
                {t('inventory.order.create', { n: lines.length })}
              </Button>
            )}
            <Button
              size="sm"
              guardMs={0}
              disabled={exporting || state.total === 0}
              onClick={() => void runExport()}
            >
              {exporting ? t('inventory.exporting') : t('inventory.export')}
            </Button>
          </>
        }
      />
      <MovementsDialog line={movementsOf} onClose={() => setMovementsOf(null)} />
    </div>
  );
}
