import '../../i18n/areas/projects.ts';
import { useStore } from '@nanostores/react';
import { useMemo, useRef } from 'react';
import { serverColumnSettings } from '../../api/list-settings.ts';
import type { ProjectRow } from '../../contract/master-data/schemas.ts';
import { Button } from '../../ui/button/button.tsx';
import { DataTable } from '../../ui/data-table/index.ts';
import { EmptyState } from '../../ui/states/empty-state.tsx';
import { useDebouncedKeyword } from '../../ui/form/use-debounced-keyword.ts';
import { useT } from '../../ui/use-t.ts';
import { projectColumns } from './columns.tsx';
import { openProject } from './open-project.ts';
import type { ProjectListStore } from './project-list-store.ts';
import { PageHeader } from '../../ui/page-header/page-header.tsx';
import { useListAddress } from '../../ui/use-list-address.ts';
import { PROJECT_LIST_ADDRESS } from './project-list-store.ts';

export { SEARCH_DEBOUNCE_MS } from '../../ui/form/use-debounced-keyword.ts';
/** The list's column settings, per user and customer, on the server. */
export const COLUMN_SETTINGS_LIST = 'customer-project/index';

export interface ProjectListProps {
  /** Keep the list's search, sort and page in the page's address (default; off for an embed beside other content). */
  syncAddress?: boolean;
  list: ProjectListStore;
  /** A project was opened (before the portal navigates to it). */
  onOpen?: (project: { pr_id: number; protocol_no: string }) => void;
}

/**
 * The customer's projects: a server-paged and sorted table with column settings, searched by
 * protocol number, name, sponsor or the name's pinyin initials; a project opens in its own tab.
 */
export function ProjectList({ list, onOpen, syncAddress = true }: ProjectListProps) {
  const t = useT();
  const root = useRef<HTMLElement>(null);
  useListAddress(list, PROJECT_LIST_ADDRESS, syncAddress, root);
  const state = useStore(list.$state);
  const search = useDebouncedKeyword(state.params.filters.keyword, (keyword) => list.setFilters({ keyword }));

  const columns = useMemo(
    () =>
      projectColumns(t, (row: ProjectRow) => {
        onOpen?.({ pr_id: row.pr_id, protocol_no: row.protocol_no });
        openProject(row);
      }),
    [t, onOpen],
  );

  const clear = search.clear;

  const empty =
    state.params.filters.keyword.trim() !== '' ? (
      <EmptyState message={t('projects.emptyFiltered')}>
        <Button guardMs={0} onClick={clear}>
          {t('projects.clearSearch')}
        </Button>
      </EmptyState>
    ) : (
      <EmptyState message={t('projects.empty')}>
        <p className="project-muted">{t('projects.emptyHint')}</p>
      </EmptyState>
    );

  return (
    <section ref={root} className="project-list" part="base" aria-labelledby="project-list-title">
      <PageHeader titleId="project-list-title" title={t('projects.title')} intro={t('projects.intro')}>
        <Button size="sm" guardMs={0} onClick={() => void list.reload()}>
          {t('projects.refresh')}
        </Button>
      </PageHeader>
      <div className="project-list__filters">
        <label className="project-list__search">
          <span>{t('projects.search')}</span>
          <input
            type="search"
            className="lp-input"
            value={search.keyword}
            maxLength={100}
            placeholder={t('projects.searchPlaceholder')}
            onChange={(event) => search.type(event.target.value)}
          />
        </label>
      </div>
      <DataTable<ProjectRow>
        cards
        source={list}
        columns={columns}
        label={t('projects.table')}
        rowLabel={(row) => row.protocol_no}
        columnSettings={{ list: COLUMN_SETTINGS_LIST, persistence: serverColumnSettings }}
        maxHeight="none"
        empty={empty}
      />
    </section>
  );
}
