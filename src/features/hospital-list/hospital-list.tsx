import '../../i18n/areas/sites.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { serverColumnSettings } from '../../api/list-settings.ts';
import type { ProjectOption, Region, SiteRow } from '../../contract/master-data/schemas.ts';
import { $locale } from '../../i18n/translate.ts';
import { $customer } from '../../stores/session.ts';
import { Button } from '../../ui/button/button.tsx';
import { DataTable } from '../../ui/data-table/index.ts';
import { EmptyState } from '../../ui/states/empty-state.tsx';
import { FilterAction, FilterChoice, FilterKeyword, Filters } from '../../ui/filters/filter-bar.tsx';
import { useDebouncedKeyword } from '../../ui/form/use-debounced-keyword.ts';
import { useT } from '../../ui/use-t.ts';
import { fetchProjects, fetchProvinces } from './api.ts';
import { siteColumns } from './columns.tsx';
import type { SiteListStore } from './hospital-list-store.ts';
import { SiteDialog } from './site-dialog.tsx';
import { PageHeader } from '../../ui/page-header/page-header.tsx';
import { useListAddress } from '../../ui/use-list-address.ts';
import { SITE_LIST_ADDRESS } from './hospital-list-store.ts';

export { SEARCH_DEBOUNCE_MS } from '../../ui/form/use-debounced-keyword.ts';
/** The list whose columns the server keeps per user (`get-list-field-cache`). */
export const COLUMN_SETTINGS_LIST = 'customer-hospital/index';

export interface HospitalListProps {
  /** Keep the list's search, sort and page in the page's address (default; off for an embed beside other content). */
  syncAddress?: boolean;
  list: SiteListStore;
  /** Opens a project (the portal then shows its view). */
  onOpenProject: (project: { pr_id: number; protocol_no: string }) => void;
}

/** The filters' choices: the customer's projects and the provinces, loaded once per customer. */
function useChoices(): { projects: ProjectOption[] | null; provinces: Region[] | null } {
  const customer = useStore($customer)?.cu_id ?? null;
  const [projects, setProjects] = useState<ProjectOption[] | null>(null);
  const [provinces, setProvinces] = useState<Region[] | null>(null);
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
  useEffect(() => {
    let live = true;
    fetchProvinces().then(
      (found) => live && setProvinces(found),
      () => live && setProvinces([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return { projects, provinces };
}

/**
 * The customer's sites (hospital departments): where each is and the projects it serves, server
 * paged and sorted, searchable (name, department, investigator, city, pinyin initials) and
 * filtered by project and province; a site's name opens its details.
 */
export function HospitalList({ list, onOpenProject, syncAddress = true }: HospitalListProps) {
  const t = useT();
  const root = useRef<HTMLElement>(null);
  useListAddress(list, SITE_LIST_ADDRESS, syncAddress, root);
  const locale = useStore($locale);
  const state = useStore(list.$state);
  const filters = state.params.filters;
  const { projects, provinces } = useChoices();
  const search = useDebouncedKeyword(filters.keyword, (keyword) => list.setFilters({ keyword }));
  const [open, setOpen] = useState<SiteRow | null>(null);

  const columns = useMemo(
    () => siteColumns({ t, details: setOpen, openProject: onOpenProject }),
    [t, onOpenProject],
  );
  const filtered = filters.keyword !== '' || filters.pr_id !== null || filters.province_id !== null;

  const empty = filtered ? (
    <EmptyState message={t('sites.emptyFiltered')}>
      <Button size="sm" guardMs={0} onClick={() => list.resetFilters()}>
        {t('sites.filter.clear')}
      </Button>
    </EmptyState>
  ) : (
    <EmptyState message={t('sites.empty')}>
      <p className="site-muted">{t('sites.emptyHint')}</p>
    </EmptyState>
  );

  return (
    <section ref={root} className="hospital-list" part="base" aria-labelledby="hospital-list-title">
      <PageHeader titleId="hospital-list-title" title={t('sites.title')} intro={t('sites.intro')}>
        <Button size="sm" guardMs={0} onClick={() => void list.reload()}>
          {t('sites.refresh')}
        </Button>
      </PageHeader>

      <Filters label={t('sites.filter.title')}>
        <FilterKeyword
          label={t('sites.filter.keyword')}
          placeholder={t('sites.filter.keywordHint')}
          search={search}
        />
        <FilterChoice
          label={t('sites.filter.project')}
          any={t('sites.filter.any')}
          disabled={!projects}
          value={filters.pr_id === null ? '' : String(filters.pr_id)}
          options={(projects ?? []).map((p) => ({
            value: String(p.pr_id),
            label: `${p.protocol_no} ${p.name}`,
          }))}
          onChange={(value) => list.setFilters({ pr_id: value ? Number(value) : null })}
        />
        <FilterChoice
          label={t('sites.filter.province')}
          any={t('sites.filter.any')}
          disabled={!provinces}
          value={filters.province_id === null ? '' : String(filters.province_id)}
          options={(provinces ?? []).map((p) => ({
            value: String(p.region_id),
            label: locale === 'en' && p.name_en ? p.name_en : p.name,
          }))}
          onChange={(value) => list.setFilters({ province_id: value ? Number(value) : null })}
        />
        {filtered && (
          <FilterAction>
            <Button size="sm" variant="text" guardMs={0} onClick={() => list.resetFilters()}>
              {t('sites.filter.clear')}
            </Button>
          </FilterAction>
        )}
      </Filters>

      <DataTable<SiteRow>
        cards
        source={list}
        columns={columns}
        label={t('sites.table')}
        rowLabel={(row) => row.name}
        columnSettings={{ list: COLUMN_SETTINGS_LIST, persistence: serverColumnSettings }}
        maxHeight="none"
        empty={empty}
      />

      <SiteDialog site={open} onClose={() => setOpen(null)} openProject={onOpenProject} />
    </section>
  );
}
