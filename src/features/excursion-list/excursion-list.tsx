import { changesOf } from '../../stores/live-changes.ts';
import { useChanges } from '../../ui/use-changes.ts';
import '../../i18n/areas/excursion-list.ts';
import '../../i18n/areas/excursions.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CaseRow } from '../../contract/excursions/schemas.ts';
import { serverColumnSettings } from '../../api/list-settings.ts';
import { $customer } from '../../stores/session.ts';
import { Button } from '../../ui/button/button.tsx';
import { DataTable } from '../../ui/data-table/index.ts';
import { FilterAction, FilterChoice, Filters } from '../../ui/filters/filter-bar.tsx';
import { PageHeader } from '../../ui/page-header/page-header.tsx';
import { EmptyState } from '../../ui/states/empty-state.tsx';
import { useListAddress } from '../../ui/use-list-address.ts';
import { useT } from '../../ui/use-t.ts';
import { ZoneNote } from '../../ui/zone-note/zone-note.tsx';
import { fetchProjects, type ProjectOption } from './api.ts';
import { caseColumns } from './columns.tsx';
import {
  AGE_FILTERS,
  CASE_LIST_ADDRESS,
  type CaseFilters,
  type CaseListStore,
  STATE_FILTERS,
} from './excursion-list-store.ts';

/** The list's column settings, per user and customer, on the server. */
export const COLUMN_SETTINGS_LIST = 'excursion/index';

export interface ExcursionListProps {
  list: CaseListStore;
  /** Keep the filters and page in the page's address (default; off for an embed beside other content). */
  syncAddress?: boolean;
}

/** The customer's projects for the filter, loaded once per customer (null while loading). */
function useProjects(): ProjectOption[] | null {
  const customer = useStore($customer)?.cu_id ?? null;
  const [projects, setProjects] = useState<ProjectOption[] | null>(null);
  useEffect(() => {
    let live = true;
    setProjects(null);
    if (customer !== null)
      fetchProjects().then(
        (found) => live && setProjects(found),
        () => live && setProjects([]),
      );
    return () => {
      live = false;
    };
  }, [customer]);
  return projects;
}

/**
 * The customer's temperature-excursion cases: how many are open, under assessment and over a
 * stability budget; the cases in the server's order (active first, over budget and severe first,
 * then the newest), filtered by project, state and age, the filters and page in the address.
 */
export function ExcursionList({ list, syncAddress = true }: ExcursionListProps) {
  const t = useT();
  const root = useRef<HTMLElement>(null);
  useListAddress(list, CASE_LIST_ADDRESS, syncAddress, root);
  // a case opened, assigned, decided or closed: the page and its counts are read again
  useChanges(changesOf(['excursion']), () => void list.refresh());
  const state = useStore(list.$state);
  const filters = state.params.filters;
  const projects = useProjects();
  const counts = state.answer?.counts ?? null;
  // the relative times are as of the list's answer (a reload moves them on)
  const answer = state.answer;
  const columns = useMemo(() => caseColumns(t, answer ? Date.now() : 0), [t, answer]);
  const set = (patch: Partial<CaseFilters>) => list.setFilters(patch);
  const active = [filters.pr_id !== null, filters.state !== '', filters.age !== ''].filter(Boolean).length;

  const empty =
    active > 0 ? (
      <EmptyState message={t('excursionList.emptyFiltered')}>
        <Button size="sm" guardMs={0} onClick={() => list.resetFilters()}>
          {t('excursionList.filter.clear')}
        </Button>
      </EmptyState>
    ) : (
      <EmptyState message={t('excursionList.empty')}>
        <p className="exc-muted">{t('excursionList.emptyHint')}</p>
      </EmptyState>
    );

  return (
    <section ref={root} className="excursion-list" part="base" aria-labelledby="excursion-list-title">
      <PageHeader
        titleId="excursion-list-title"
        title={t('excursionList.title')}
        intro={t('excursionList.intro')}
      >
        <Button size="sm" guardMs={0} onClick={() => void list.reload()}>
          {t('excursionList.refresh')}
        </Button>
      </PageHeader>

      <dl className="exc-counts" aria-label={t('excursionList.counts')}>
        {(
          [
            ['open', counts?.open],
            ['assessment', counts?.assessment],
            ['over', counts?.over_budget],
          ] as const
        ).map(([key, n]) => (
          <div key={key} className={`exc-count exc-count--${key}${n ? '' : ' exc-count--zero'}`}>
            <dt>{t(`excursionList.count.${key}`)}</dt>
            <dd>{n ?? '–'}</dd>
          </div>
        ))}
      </dl>

      <Filters label={t('excursionList.filter.title')} active={active}>
        <FilterChoice
          label={t('excursionList.filter.project')}
          any={t('excursionList.filter.any')}
          disabled={!projects}
          value={filters.pr_id === null ? '' : String(filters.pr_id)}
          options={(projects ?? []).map((p) => ({
            value: String(p.pr_id),
            label: `${p.protocol_no} ${p.name}`,
          }))}
          onChange={(value) => set({ pr_id: value ? Number(value) : null })}
        />
        <FilterChoice<(typeof STATE_FILTERS)[number]>
          label={t('excursionList.filter.state')}
          any={t('excursionList.filter.any')}
          value={filters.state}
          options={STATE_FILTERS.map((value) => ({
            value,
            label: value === 'active' ? t('excursionList.filter.active') : t(`excursions.state.${value}`),
          }))}
          onChange={(value) => set({ state: value })}
        />
        <FilterChoice<(typeof AGE_FILTERS)[number]>
          label={t('excursionList.filter.age')}
          any={t('excursionList.filter.any')}
          value={filters.age}
          options={AGE_FILTERS.map((value) => ({
            value,
            label:
              value === '1'
                ? t('excursionList.filter.olderOne')
                : t('excursionList.filter.older', { n: value }),
          }))}
          onChange={(value) => set({ age: value })}
        />
        {active > 0 && (
          <FilterAction>
            <Button size="sm" variant="text" guardMs={0} onClick={() => list.resetFilters()}>
              {t('excursionList.filter.clear')}
            </Button>
          </FilterAction>
        )}
      </Filters>

      <ZoneNote />
      <DataTable<CaseRow>
        cards
        source={list}
        columns={columns}
        label={t('excursionList.table')}
        rowLabel={(row) => row.case_no}
        columnSettings={{ list: COLUMN_SETTINGS_LIST, persistence: serverColumnSettings }}
        pageSizes={[20, 50, 100]}
        maxHeight="none"
        empty={empty}
      />
    </section>
  );
}
