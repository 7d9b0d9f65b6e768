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
import { useDomId } from '../../ui/use-id.ts';
import { useT } from '../../ui/use-t.ts';
import { fetchProjects, fetchProvinces } from './api.ts';
import { siteColumns } from './columns.tsx';
import { NO_SITE_FILTERS, type SiteListStore } from './hospital-list-store.ts';
import { SiteDialog } from './site-dialog.tsx';

/** Typing waits this long before the list asks the server; Enter asks at once. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The list whose columns the server keeps per user (`get-list-field-cache`). */
export const COLUMN_SETTINGS_LIST = 'customer-hospital/index';

export interface HospitalListProps {
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
export function HospitalList({ list, onOpenProject }: HospitalListProps) {
  const t = useT();
  const locale = useStore($locale);
  const state = useStore(list.$state);
  const filters = state.params.filters;
  const { projects, provinces } = useChoices();
  const [keyword, setKeyword] = useState(filters.keyword);
  const [open, setOpen] = useState<SiteRow | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const ids = {
    keyword: useDomId('site-keyword'),
    project: useDomId('site-project'),
    province: useDomId('site-province'),
  };

  useEffect(() => () => clearTimeout(timer.current), []);
  // cleared filters or a customer switch replace what is typed
  useEffect(() => setKeyword(filters.keyword), [filters.keyword]);

  const commit = (value: string) => {
    clearTimeout(timer.current);
    if (value.trim() !== filters.keyword.trim()) list.setFilters({ keyword: value.trim() });
  };

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
    <section className="hospital-list" part="base" aria-labelledby="hospital-list-title">
      <header className="hospital-list__header">
        <h1 id="hospital-list-title" className="hospital-list__title">
          {t('sites.title')}
        </h1>
        <Button size="sm" guardMs={0} onClick={() => void list.reload()}>
          {t('sites.refresh')}
        </Button>
      </header>
      <p className="hospital-list__intro">{t('sites.intro')}</p>

      <search className="hospital-list__filters" aria-label={t('sites.filter.title')}>
        <div className="hospital-list__filter hospital-list__filter--wide">
          <label htmlFor={ids.keyword}>{t('sites.filter.keyword')}</label>
          <input
            id={ids.keyword}
            type="search"
            className="lp-input"
            value={keyword}
            maxLength={100}
            placeholder={t('sites.filter.keywordHint')}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setKeyword(value);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => commit(value), SEARCH_DEBOUNCE_MS);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                commit(event.currentTarget.value);
              }
            }}
          />
        </div>
        <div className="hospital-list__filter">
          <label htmlFor={ids.project}>{t('sites.filter.project')}</label>
          <select
            id={ids.project}
            className="lp-input"
            disabled={!projects}
            value={filters.pr_id === null ? '' : String(filters.pr_id)}
            onChange={(event) => {
              const value = event.currentTarget.value;
              list.setFilters({ pr_id: value ? Number(value) : null });
            }}
          >
            <option value="">{t('sites.filter.any')}</option>
            {(projects ?? []).map((p) => (
              <option key={p.pr_id} value={String(p.pr_id)}>
                {p.protocol_no} {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="hospital-list__filter">
          <label htmlFor={ids.province}>{t('sites.filter.province')}</label>
          <select
            id={ids.province}
            className="lp-input"
            disabled={!provinces}
            value={filters.province_id === null ? '' : String(filters.province_id)}
            onChange={(event) => {
              const value = event.currentTarget.value;
              list.setFilters({ province_id: value ? Number(value) : null });
            }}
          >
            <option value="">{t('sites.filter.any')}</option>
            {(provinces ?? []).map((p) => (
              <option key={p.region_id} value={String(p.region_id)}>
                {locale === 'en' && p.name_en ? p.name_en : p.name}
              </option>
            ))}
          </select>
        </div>
        {filtered && (
          <Button
            size="sm"
            variant="text"
            guardMs={0}
            className="hospital-list__clear"
            onClick={() => {
              setKeyword(NO_SITE_FILTERS.keyword);
              list.resetFilters();
            }}
          >
            {t('sites.filter.clear')}
          </Button>
        )}
      </search>

      <DataTable<SiteRow>
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
