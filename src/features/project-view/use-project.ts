import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { Code } from '../../contract/codes.ts';
import type {
  ProjectConf,
  ProjectData,
  ProjectDetail,
  ProjectSite,
  TagList,
  TimeLimit,
} from '../../contract/master-data/schemas.ts';
import { loadConf, loadData, loadProject, loadSites, loadTags, loadTimeLimit } from './api.ts';

/** 404 (none, or another customer's) and an id the server refuses (400/422) read alike. */
const NOT_FOUND: readonly number[] = [Code.notFound, Code.badRequest, Code.invalid];

/** One section of the page: its own call, shown when it answers, or a failure of its own. */
export type Section<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed' };

export interface ProjectSections {
  sites: Section<ProjectSite[]>;
  conf: Section<ProjectConf>;
  tags: Section<TagList>;
  limit: Section<TimeLimit>;
  data: Section<ProjectData>;
}

export type ProjectLoad =
  | { state: 'loading' }
  | { state: 'not-found' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; project: ProjectDetail; sections: ProjectSections };

const loading: ProjectSections = {
  sites: { state: 'loading' },
  conf: { state: 'loading' },
  tags: { state: 'loading' },
  limit: { state: 'loading' },
  data: { state: 'loading' },
};

const loaders: { [K in keyof ProjectSections]: (prId: number) => Promise<unknown> } = {
  sites: loadSites,
  conf: loadConf,
  tags: loadTags,
  limit: loadTimeLimit,
  data: loadData,
};

/**
 * The project of `id` (`get-projectx`), then its sections each by its own call (sites,
 * configuration, tags, time limit, orders per status). `reload()` asks everything again.
 */
export function useProject(id: number | null): { load: ProjectLoad; reload: () => void } {
  const [load, setLoad] = useState<ProjectLoad>({ state: 'loading' });
  const request = useRef(0);

  const fetchAll = useCallback(async () => {
    const mine = ++request.current;
    if (id === null) {
      setLoad({ state: 'not-found' });
      return;
    }
    setLoad({ state: 'loading' });
    let project: ProjectDetail;
    try {
      project = await loadProject(id);
    } catch (error) {
      if (mine !== request.current) return;
      if (isApiError(error) && NOT_FOUND.includes(error.code)) setLoad({ state: 'not-found' });
      else setLoad({ state: 'failed', message: error instanceof Error ? error.message : '' });
      return;
    }
    if (mine !== request.current) return;
    setLoad({ state: 'ready', project, sections: loading });
    for (const key of Object.keys(loaders) as Array<keyof ProjectSections>) {
      loaders[key](id).then(
        (value) => {
          if (mine !== request.current) return;
          setLoad((now) =>
            now.state === 'ready'
              ? { ...now, sections: { ...now.sections, [key]: { state: 'ready', value } } }
              : now,
          );
        },
        () => {
          if (mine !== request.current) return;
          setLoad((now) =>
            now.state === 'ready'
              ? { ...now, sections: { ...now.sections, [key]: { state: 'failed' } } }
              : now,
          );
        },
      );
    }
  }, [id]);

  useEffect(() => {
    void fetchAll();
    return () => {
      request.current++;
    };
  }, [fetchAll]);

  return { load, reload: useCallback(() => void fetchAll(), [fetchAll]) };
}
