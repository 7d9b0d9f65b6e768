import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { call } from '../../api/transport.ts';
import { Code } from '../../contract/codes.ts';
import { listViewDelete, listViews, listViewSave } from '../../contract/list-settings/operations.ts';
import type { SavedView } from '../../contract/list-settings/schemas.ts';
import { VIEW_NAME_MAX } from '../../contract/list-settings/limits.ts';
import { toast } from '../../stores/notices.ts';
import { Button } from '../../ui/button/button.tsx';
import { useT } from '../../ui/use-t.ts';
import type { ListParams } from '../../stores/list/index.ts';
import type { OrderFilters } from './filters.ts';
import type { OrderListStore } from './order-list-store.ts';
import { adoptAddress, ORDER_LIST_ADDRESS } from './use-address.ts';
import '../../i18n/areas/order-list.ts';

/** The list saved views belong to (as the column settings name it). */
export const ORDER_VIEWS_LIST = 'customer-order/index';

/** The user's saved views of the order list (named filter sets) on the session's customer. */
export const fetchViews = (): Promise<SavedView[]> =>
  call(listViews, { list: ORDER_VIEWS_LIST }).then((answer) => answer.list);
export const saveView = (name: string, query: string): Promise<SavedView> =>
  call(listViewSave, { list: ORDER_VIEWS_LIST, name, query }, { silentCodes: [Code.invalid] });
export const deleteView = (id: number): Promise<null> => call(listViewDelete, { list: ORDER_VIEWS_LIST, id });

/** A view's query: the list's address on its first page. */
const viewQuery = (params: ListParams<OrderFilters>) => ORDER_LIST_ADDRESS.write({ ...params, page: 1 });

/**
 * Saved views of the order list: the user's named filter sets (search, tab, filters, sort, page
 * size), kept by the server per user and customer. Picking one shows that list; Save View keeps
 * the list as it is now under a name (the same name replaces it).
 */
export function SavedViews({ list }: { list: OrderListStore }) {
  const t = useT();
  const state = useStore(list.$state);
  const [views, setViews] = useState<readonly SavedView[]>([]);
  const [picked, setPicked] = useState<number | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const ids = useId();
  const nameField = useRef<HTMLInputElement>(null);
  // the name field takes the focus when it opens
  useEffect(() => {
    if (naming) nameField.current?.focus();
  }, [naming]);

  // another customer: its own views (none shown, nor acted on, until they come)
  useEffect(() => {
    setViews([]);
    setNaming(false);
    if (state.customer === null) return;
    let live = true;
    fetchViews().then(
      (found) => live && setViews(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [state.customer]);

  // the view the list shows now: the one picked while the list still matches it, else one that
  // matches (none once the user changes a filter); a view is a list, not one of its pages
  const shown = viewQuery(state.params);
  const matches = (v: SavedView) => v.query === shown;
  const current = views.find((v) => v.id === picked && matches(v)) ?? views.find(matches) ?? null;
  const open = (id: number | null) => {
    setPicked(id);
    const view = views.find((v) => v.id === id);
    if (view) adoptAddress(list, view.query);
  };
  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('orderList.views.nameRequired'));
      return;
    }
    try {
      const saved = await saveView(trimmed, viewQuery(list.$state.get().params));
      setPicked(saved.id);
      setViews((all) =>
        [...all.filter((v) => v.id !== saved.id), saved].sort((a, b) => a.name.localeCompare(b.name)),
      );
      setNaming(false);
      setError('');
      toast(t('orderList.views.saved', { name: saved.name }), 'success');
    } catch (failure) {
      const fields = isApiError(failure) ? (failure.data as { name?: string } | null) : null;
      setError(fields?.name ?? (failure instanceof Error ? failure.message : ''));
    }
  };
  const remove = async () => {
    if (!current) return;
    try {
      await deleteView(current.id);
      setViews((all) => all.filter((v) => v.id !== current.id));
      toast(t('orderList.views.deleted', { name: current.name }), 'success');
    } catch {
      // said by the page's notices
    }
  };

  return (
    <div className="order-views">
      <select
        className="lp-input order-views__pick"
        aria-label={t('orderList.views.label')}
        value={current?.id ?? ''}
        onChange={(e) => open(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{t(views.length ? 'orderList.views.pick' : 'orderList.views.none')}</option>
        {views.map((v) => (
          <option key={v.id} value={v.id}>
            {v.name}
          </option>
        ))}
      </select>
      {current && (
        <Button size="sm" variant="text" onClick={() => void remove()}>
          {t('orderList.views.delete')}
        </Button>
      )}
      {naming ? (
        <span className="order-views__naming">
          <label className="lp-visually-hidden" htmlFor={`${ids}-name`}>
            {t('orderList.views.name')}
          </label>
          <input
            ref={nameField}
            id={`${ids}-name`}
            className="lp-input order-views__name"
            value={name}
            maxLength={VIEW_NAME_MAX}
            placeholder={t('orderList.views.name')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-error` : undefined}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void save();
              if (e.key === 'Escape') setNaming(false);
            }}
          />
          <Button size="sm" variant="primary" onClick={() => void save()}>
            {t('orderList.views.confirm')}
          </Button>
          <Button size="sm" variant="text" guardMs={0} onClick={() => setNaming(false)}>
            {t('orderList.views.cancel')}
          </Button>
          {error && (
            <span id={`${ids}-error`} className="order-views__error" role="alert">
              {error}
            </span>
          )}
        </span>
      ) : (
        <Button
          size="sm"
          guardMs={0}
          onClick={() => {
            setName(current?.name ?? '');
            setError('');
            setNaming(true);
          }}
        >
          {t('orderList.views.save')}
        </Button>
      )}
    </div>
  );
}
