import { changesOf } from '../../stores/live-changes.ts';
import { useChanges } from '../../ui/use-changes.ts';
import '../../i18n/areas/order-drafts.ts';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DraftRow } from '../../contract/order-editor/schemas.ts';
import { $locale } from '../../i18n/translate.ts';
import { editorPath, ORDER_CREATE_PATH } from '../../lib/order-drafts.ts';
import { relativeTime } from '../../lib/relative-time.ts';
import { $token } from '../../stores/auth.ts';
import { navigate } from '../../stores/navigation.ts';
import { Button } from '../../ui/button/button.tsx';
import { ConfirmDialog } from '../../ui/confirm/confirm-dialog.tsx';
import { DataTable } from '../../ui/data-table/index.ts';
import { EmptyState } from '../../ui/states/empty-state.tsx';
import { useDebouncedKeyword } from '../../ui/form/use-debounced-keyword.ts';
import { useT } from '../../ui/use-t.ts';
import { removeDrafts } from './api.ts';
import { draftColumns, draftName, plainClick, sides } from './columns.tsx';
import type { DraftListStore } from './draft-list-store.ts';
import {
  dropLocalDraft,
  type LocalDraft,
  localOrderDrafts,
  sortLocal,
  uploadLocalDrafts,
} from './local-drafts.ts';
import { PageHeader } from '../../ui/page-header/page-header.tsx';
import { chinaStamp } from '../../lib/china-time.ts';
import { useChinaTime } from '../../ui/zone-note/zone-note.tsx';
import { ZoneNote } from '../../ui/zone-note/zone-note.tsx';
import { useListAddress } from '../../ui/use-list-address.ts';
import { DRAFT_LIST_ADDRESS } from './draft-list-store.ts';

export { SEARCH_DEBOUNCE_MS } from '../../ui/form/use-debounced-keyword.ts';

export interface OrderDraftsProps {
  /** Keep the list's search, sort and page in the page's address (default; off for an embed beside other content). */
  syncAddress?: boolean;
  list: DraftListStore;
  /** A draft was opened (before the portal navigates to the editor). */
  onOpen?: (draft: { id: number | null; path: string }) => void;
  /** After drafts were deleted. */
  onDeleted?: (ids: number[]) => void;
}

/** This browser's kept order forms, read again on `reload()`; those only here are put in the draft box. */
function useLocalDrafts(list: DraftListStore): { local: LocalDraft[]; reload: () => void } {
  const token = useStore($token);
  const [local, setLocal] = useState<LocalDraft[]>([]);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    if (token && round >= 0)
      (async () => {
        const found = await localOrderDrafts();
        if (!live) return;
        setLocal(found);
        // forms only this browser has go to the draft box now (when online)
        if (await uploadLocalDrafts(found)) {
          const after = await localOrderDrafts();
          if (!live) return;
          setLocal(after);
          void list.reload();
        }
      })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [token, round, list]);
  return { local, reload: useCallback(() => setRound((n) => n + 1), []) };
}

/**
 * The draft box: the user's order drafts in the current customer, last saved first (server
 * paged, searchable), each opened in the editor's tab; several deleted at once after a
 * confirmation. Forms kept only in this browser (typed offline) are listed above it, and rows
 * this browser holds newer changes of are marked.
 */
export function OrderDrafts({ list, onOpen, onDeleted, syncAddress = true }: OrderDraftsProps) {
  const t = useT();
  const root = useRef<HTMLElement>(null);
  useListAddress(list, DRAFT_LIST_ADDRESS, syncAddress, root);
  const china = useChinaTime();
  const locale = useStore($locale);
  const state = useStore(list.$state);
  const selected = useStore(list.$selected);
  const { local, reload: reloadLocal } = useLocalDrafts(list);
  // a draft saved or removed in another tab or on another device, or submitted as an order
  useChanges(changesOf(['draft', 'order']), () => void list.refresh());
  const sorted = useMemo(() => sortLocal(local), [local]);
  const search = useDebouncedKeyword(state.params.filters.keyword, (keyword) => list.setFilters({ keyword }));
  const [asking, setAsking] = useState<{ ids: number[]; local: string[] } | null>(null);
  const [announce, setAnnounce] = useState('');
  const [failed, setFailed] = useState(false);

  const savedAt = useCallback(
    (at: string | number) => {
      const date = new Date(at);
      return {
        text: relativeTime(date, Date.now(), locale),
        full: china(chinaStamp(date.toISOString())),
      };
    },
    [locale, china],
  );

  const open = useCallback(
    (path: string, id: number | null) => {
      onOpen?.({ id, path });
      navigate(path);
    },
    [onOpen],
  );

  const rowPath = useCallback(
    (row: DraftRow) => editorPath({ draftId: row.id, formKey: sorted.byDraft.get(row.id)?.formKey ?? null }),
    [sorted],
  );

  const columns = useMemo(
    () =>
      draftColumns({
        t,
        path: rowPath,
        open: (row) => open(rowPath(row), row.id),
        newerHere: (row) => sorted.newer.has(row.id),
        savedAt,
      }),
    [t, rowPath, open, sorted, savedAt],
  );

  const remove = async (ids: number[], localKeys: string[]) => {
    setAsking(null);
    setFailed(false);
    try {
      if (ids.length > 0) await removeDrafts(ids);
      // the browser's copies of these drafts go too, or they would come back as "only here"
      const keys = [...localKeys, ...ids.flatMap((id) => sorted.byDraft.get(id)?.formKey ?? [])];
      await Promise.all(keys.map((key) => dropLocalDraft(key)));
      list.clearSelection();
      setAnnounce(t('orderDrafts.deleted', { n: ids.length + localKeys.length }));
      if (ids.length > 0) onDeleted?.(ids);
    } catch {
      setFailed(true);
    } finally {
      reloadLocal();
      await list.reload();
    }
  };

  const filtered = state.params.filters.keyword.trim() !== '';
  const selectedIds = [...selected.values()].map((row) => row.id);

  const empty = filtered ? (
    <EmptyState message={t('orderDrafts.emptyFiltered')} />
  ) : (
    <EmptyState message={t('orderDrafts.empty')}>
      <p className="draft-muted">{t('orderDrafts.emptyHint')}</p>
      <Button guardMs={0} variant="primary" onClick={() => navigate(ORDER_CREATE_PATH)}>
        {t('orderDrafts.new')}
      </Button>
    </EmptyState>
  );

  return (
    <section ref={root} className="order-drafts" part="base" aria-labelledby="order-drafts-title">
      <PageHeader titleId="order-drafts-title" title={t('orderDrafts.title')} intro={t('orderDrafts.intro')}>
        <Button
          size="sm"
          guardMs={0}
          onClick={() => {
            reloadLocal();
            void list.reload();
          }}
        >
          {t('orderDrafts.refresh')}
        </Button>
        <Button size="sm" variant="primary" guardMs={0} onClick={() => navigate(ORDER_CREATE_PATH)}>
          {t('orderDrafts.new')}
        </Button>
      </PageHeader>
      <p className="order-drafts__live" aria-live="polite">
        {announce}
      </p>
      {failed && (
        <p className="order-drafts__error" role="alert">
          {t('orderDrafts.deleteFailed')}
        </p>
      )}

      {sorted.only.length > 0 && (
        <section className="order-drafts__local" aria-labelledby="order-drafts-local">
          <h2 id="order-drafts-local" className="order-drafts__subtitle">
            {t('orderDrafts.local.title')}
          </h2>
          <p className="draft-muted">{t('orderDrafts.local.intro')}</p>
          <ul className="order-drafts__local-list" aria-label={t('orderDrafts.local.label')}>
            {sorted.only.map((draft) => {
              const { kept } = draft;
              const name = draftName(t, { mode: kept.mode, order_no: kept.orderNo });
              const path = editorPath({ formKey: draft.formKey, mode: kept.mode, orderId: kept.orderId });
              const at = savedAt(draft.savedAt);
              return (
                <li key={draft.formKey} className="order-drafts__local-item">
                  <a
                    className="draft-link"
                    href={path}
                    onClick={(event) => {
                      if (!plainClick(event)) return;
                      event.preventDefault();
                      open(path, null);
                    }}
                  >
                    {name}
                  </a>
                  <span className="draft-muted">{sides(kept.form.from_company, kept.form.to_company)}</span>
                  <time
                    className="draft-muted"
                    dateTime={new Date(draft.savedAt).toISOString()}
                    title={at.full}
                  >
                    {at.text}
                  </time>
                  <Button
                    size="sm"
                    variant="text"
                    guardMs={0}
                    aria-label={t('orderDrafts.deleteName', { name })}
                    onClick={() => setAsking({ ids: [], local: [draft.formKey] })}
                  >
                    {t('orderDrafts.delete')}
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      <div className="order-drafts__filters">
        <label className="order-drafts__search">
          <span>{t('orderDrafts.search')}</span>
          <input
            type="search"
            className="lp-input"
            value={search.keyword}
            placeholder={t('orderDrafts.searchPlaceholder')}
            onChange={(event) => search.type(event.target.value)}
          />
        </label>
      </div>

      <ZoneNote />
      <DataTable<DraftRow>
        cards
        source={list}
        columns={columns}
        label={t('orderDrafts.table')}
        selectable
        rowLabel={(row) => `${draftName(t, row)} #${row.id}`}
        maxHeight="none"
        empty={empty}
        toolbar={
          selectedIds.length > 0 && (
            <Button
              size="sm"
              variant="danger"
              guardMs={0}
              onClick={() => setAsking({ ids: selectedIds, local: [] })}
            >
              {t('orderDrafts.deleteSelected', { n: selectedIds.length })}
            </Button>
          )
        }
      />

      <ConfirmDialog
        open={asking !== null}
        danger
        title={t('orderDrafts.confirmTitle')}
        message={t('orderDrafts.confirmDelete', {
          n: (asking?.ids.length ?? 0) + (asking?.local.length ?? 0),
        })}
        confirmText={t('orderDrafts.delete')}
        onAnswer={(yes) => {
          if (yes && asking) void remove(asking.ids, asking.local);
          else setAsking(null);
        }}
      />
    </section>
  );
}
