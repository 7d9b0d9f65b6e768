import '../../i18n/areas/sites.ts';
import { useStore } from '@nanostores/react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { RegionMatch, RegionUsage } from '../../contract/master-data/schemas.ts';
import { $locale } from '../../i18n/translate.ts';
import { $customer } from '../../stores/session.ts';
import { Button } from '../../ui/button/button.tsx';
import { useDomId } from '../../ui/use-id.ts';
import { useT } from '../../ui/use-t.ts';
import { fetchUsage, searchRegions } from './api.ts';
import { isBranch, keyMove, typeAhead, type VisibleRow, visibleRows } from './region-tree.ts';
import { useRegionTree } from './use-region-tree.ts';

/** Typing in the search waits this long before asking the server; Enter asks at once. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Letters typed within this many ms of each other are one type-ahead word. */
export const TYPE_AHEAD_MS = 700;

type Search =
  | { status: 'idle' }
  | { status: 'searching'; q: string }
  | { status: 'found'; q: string; matches: RegionMatch[] }
  | { status: 'failed'; q: string };

/** The customer's sites and addresses per region, loaded once per customer (none on a failure). */
function useUsage(): ReadonlyMap<number, RegionUsage> {
  const customer = useStore($customer)?.cu_id ?? null;
  const [usage, setUsage] = useState<ReadonlyMap<number, RegionUsage>>(new Map());
  useEffect(() => {
    let live = true;
    setUsage(new Map());
    if (customer !== null)
      fetchUsage().then(
        (rows) => live && setUsage(new Map(rows.map((row) => [row.region_id, row]))),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [customer]);
  return usage;
}

/**
 * The region tree (province → city → district) as a WAI-ARIA tree: ↑ ↓ Home End move, → opens
 * or enters, ← closes or goes up, Enter toggles, typing jumps to the next region whose name or
 * pinyin initials start with it. Children load when a region is first opened; only the rows of
 * open regions are rendered. Each region says whether it is served (with text) and how many of
 * the customer's sites and addresses are in it. The search (name, English name, pinyin initials)
 * opens the tree down to every match and marks them.
 */
export function CityList() {
  const t = useT();
  const locale = useStore($locale);
  const tree = useRegionTree();
  const usage = useUsage();
  const rows = useMemo(() => visibleRows(tree.state), [tree.state]);
  const [active, setActive] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [search, setSearch] = useState<Search>({ status: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const asked = useRef<AbortController | null>(null);
  const typed = useRef({ text: '', at: 0 });
  const list = useRef<HTMLDivElement>(null);
  const keysId = useDomId('city-keys');
  const searchId = useDomId('city-search');
  const focusOnMove = useRef(false);

  const matches = useMemo(
    () => new Set(search.status === 'found' ? search.matches.map((m) => m.region_id) : []),
    [search],
  );
  // the roving tab stop: the active row, else the first
  const tabStop = rows.some((row) => row.id === active) ? active : (rows[0]?.id ?? null);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      asked.current?.abort();
    },
    [],
  );

  // a keyboard move focuses the row it lands on (once rendered)
  useEffect(() => {
    if (!focusOnMove.current || tabStop === null) return;
    focusOnMove.current = false;
    list.current?.querySelector<HTMLElement>(`[data-id="${tabStop}"]`)?.focus();
  }, [tabStop]);

  // A row already rendered takes the focus at once; one not yet rendered (a region just opened)
  // takes it from the effect above once it is. The flag is never left set: a later change of the
  // tab stop that is not a move (a search's first match) must not take the focus from the field.
  const moveTo = (id: number) => {
    setActive(id);
    const row = list.current?.querySelector<HTMLElement>(`[data-id="${id}"]`);
    focusOnMove.current = !row;
    row?.focus();
  };

  const find = async (value: string) => {
    clearTimeout(timer.current);
    asked.current?.abort();
    const q = value.trim();
    if (!q) {
      setSearch({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    asked.current = controller;
    setSearch({ status: 'searching', q });
    try {
      const found = await searchRegions(q, controller.signal);
      await tree.reveal(found, controller.signal);
      if (controller.signal.aborted) return;
      setSearch({ status: 'found', q, matches: found });
      // the first match becomes the tree's tab stop; the focus stays where the user is typing
      focusOnMove.current = false;
      if (found[0]) setActive(found[0].region_id);
    } catch {
      if (!controller.signal.aborted) setSearch({ status: 'failed', q });
    }
  };

  const onTreeKey = (event: KeyboardEvent<HTMLElement>, row: VisibleRow) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const move = keyMove(tree.state, rows, row.id, event.key);
    if (move.kind !== 'none') {
      event.preventDefault();
      if (move.kind === 'focus') moveTo(move.id);
      else if (move.kind === 'expand') void tree.expand(move.id);
      else tree.collapse(move.id);
      return;
    }
    if (event.key.length === 1 && event.key !== ' ') {
      event.preventDefault();
      const now = event.timeStamp;
      const word = now - typed.current.at < TYPE_AHEAD_MS ? typed.current.text + event.key : event.key;
      typed.current = { text: word, at: now };
      const target = typeAhead(rows, row.id, word, word.length > 1);
      if (target !== null) moveTo(target);
    }
  };

  const label = (row: VisibleRow) => {
    const { region } = row.node;
    return locale === 'en' && region.name_en ? region.name_en : region.name;
  };

  const status = (() => {
    if (search.status === 'searching') return t('cities.searching');
    if (search.status === 'found')
      return search.matches.length
        ? t('cities.found', { n: search.matches.length })
        : t('cities.foundNone', { q: search.q });
    if (search.status === 'failed') return t('cities.loadFailed');
    return '';
  })();

  return (
    <section className="city-list" part="base" aria-labelledby="city-list-title">
      <h1 id="city-list-title" className="city-list__title">
        {t('cities.title')}
      </h1>
      <p className="city-list__intro">{t('cities.intro')}</p>

      <search className="city-list__search">
        <label htmlFor={searchId}>{t('cities.search')}</label>
        <div className="city-list__search-row">
          <input
            id={searchId}
            type="search"
            className="lp-input"
            value={text}
            maxLength={100}
            placeholder={t('cities.searchHint')}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setText(value);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => void find(value), SEARCH_DEBOUNCE_MS);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void find(event.currentTarget.value);
              } else if (event.key === 'ArrowDown' && search.status === 'found' && search.matches[0]) {
                event.preventDefault();
                moveTo(search.matches[0].region_id);
              }
            }}
          />
          {text && (
            <Button
              size="sm"
              variant="text"
              guardMs={0}
              onClick={() => {
                setText('');
                void find('');
              }}
            >
              {t('cities.clear')}
            </Button>
          )}
        </div>
      </search>
      <p className="city-list__status" role="status">
        {status}
      </p>
      {search.status === 'failed' && (
        <Button size="sm" guardMs={0} onClick={() => void find(search.q)}>
          {t('cities.retry')}
        </Button>
      )}

      <p id={keysId} className="city-list__hint">
        {t('cities.keys')} {t('cities.legend')}
      </p>

      {tree.status === 'loading' && (
        <p className="city-list__hint" role="status">
          {t('cities.loading')}
        </p>
      )}
      {tree.status === 'failed' && (
        <div role="alert" className="city-list__failed">
          <p>{t('cities.loadFailed')}</p>
          <Button size="sm" guardMs={0} onClick={tree.retry}>
            {t('cities.retry')}
          </Button>
        </div>
      )}
      {tree.status === 'loaded' && rows.length === 0 && (
        <p className="city-list__hint">{t('cities.empty')}</p>
      )}
      {tree.failedId !== null && (
        <div role="alert" className="city-list__failed">
          <p>
            {t('cities.loadFailed')} {tree.state.nodes.get(tree.failedId)?.region.name}
          </p>
          <Button
            size="sm"
            guardMs={0}
            onClick={() => tree.failedId !== null && void tree.expand(tree.failedId)}
          >
            {t('cities.retry')}
          </Button>
        </div>
      )}

      {rows.length > 0 && (
        <div
          ref={list}
          className="city-tree"
          role="tree"
          aria-label={t('cities.tree')}
          aria-describedby={keysId}
        >
          {rows.map((row) => {
            const { region } = row.node;
            const branch = isBranch(row.node);
            const open = tree.state.expanded.has(row.id);
            const used = usage.get(row.id);
            const name = label(row);
            return (
              <div
                key={row.id}
                data-id={row.id}
                role="treeitem"
                aria-level={row.depth}
                aria-setsize={row.siblings}
                aria-posinset={row.position}
                aria-expanded={branch ? open : undefined}
                aria-busy={row.node.loading || undefined}
                aria-selected={row.id === tabStop}
                tabIndex={row.id === tabStop ? 0 : -1}
                className="city-tree__item"
                style={{
                  paddingInlineStart: `calc(${row.depth - 1} * var(--lp-space-5, 20px) + var(--lp-space-2))`,
                }}
                onFocus={() => setActive(row.id)}
                onClick={(event) => {
                  event.stopPropagation();
                  setActive(row.id);
                  if (branch) void (open ? tree.collapse(row.id) : tree.expand(row.id));
                }}
                onKeyDown={(event) => onTreeKey(event, row)}
              >
                <span
                  className="city-tree__toggle"
                  aria-hidden="true"
                  data-open={branch ? open : undefined}
                />
                {matches.has(row.id) ? (
                  <mark className="city-tree__name">{name}</mark>
                ) : (
                  <span className="city-tree__name">{name}</span>
                )}{' '}
                {locale === 'en' && region.name_en && (
                  <span className="city-tree__alt" lang="zh-CN">
                    {region.name}
                  </span>
                )}{' '}
                <span className={row.served ? 'city-tree__served' : 'city-tree__unserved'}>
                  {row.served ? t('cities.served') : t('cities.notServed')}
                </span>{' '}
                {used && (
                  <span className="city-tree__usage">
                    {t('cities.usage', { sites: used.sites, addresses: used.addresses })}
                  </span>
                )}{' '}
                {row.node.loading && <span className="city-tree__loading">{t('cities.loading')}</span>}
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
