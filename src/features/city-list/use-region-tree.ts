import { useCallback, useEffect, useRef, useState } from 'react';
import type { RegionMatch } from '../../contract/master-data/schemas.ts';
import { fetchChildren, fetchProvinces } from './api.ts';
import { emptyTree, type TreeState, withChildren, withExpanded, withLoad, withRoots } from './region-tree.ts';

export type RootStatus = 'loading' | 'loaded' | 'failed';

export interface RegionTree {
  state: TreeState;
  status: RootStatus;
  /** Loads the provinces again (after a failure). */
  retry: () => void;
  /** Opens a region, loading its children the first time. */
  expand: (id: number) => Promise<void>;
  collapse: (id: number) => void;
  /** Opens every region above each match, province first, so that the matches are rows. */
  reveal: (matches: readonly RegionMatch[], signal?: AbortSignal) => Promise<void>;
  /** The region whose children failed to load last, if any. */
  failedId: number | null;
}

/** The region tree of the page: provinces at once, the rest as regions are opened. */
export function useRegionTree(): RegionTree {
  const [state, setState] = useState<TreeState>(emptyTree);
  const [status, setStatus] = useState<RootStatus>('loading');
  const [round, setRound] = useState(0);
  const [failedId, setFailedId] = useState<number | null>(null);
  const current = useRef(state);
  const loads = useRef(new Map<number, Promise<void>>());

  const update = useCallback((change: (s: TreeState) => TreeState) => {
    current.current = change(current.current);
    setState(current.current);
  }, []);

  useEffect(() => {
    let live = true;
    if (round < 0) return;
    setStatus('loading');
    fetchProvinces().then(
      (regions) => {
        if (!live) return;
        update((s) => withRoots(s, regions));
        setStatus('loaded');
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [round, update]);

  /** Loads the children of `id` once (a failed load is tried again on the next call). */
  const loadChildren = useCallback(
    (id: number): Promise<void> => {
      const node = current.current.nodes.get(id);
      if (!node || node.children !== null) return Promise.resolve();
      const running = loads.current.get(id);
      if (running) return running;
      update((s) => withLoad(s, id, { loading: true, failed: false }));
      const load = fetchChildren(node.region)
        .then(
          (regions) => {
            update((s) => withChildren(s, id, regions));
            setFailedId((failed) => (failed === id ? null : failed));
          },
          () => {
            update((s) => withLoad(s, id, { loading: false, failed: true }));
            setFailedId(id);
          },
        )
        .finally(() => loads.current.delete(id));
      loads.current.set(id, load);
      return load;
    },
    [update],
  );

  const expand = useCallback(
    async (id: number) => {
      update((s) => withExpanded(s, id, true));
      await loadChildren(id);
    },
    [update, loadChildren],
  );

  const collapse = useCallback((id: number) => update((s) => withExpanded(s, id, false)), [update]);

  const reveal = useCallback(
    async (matches: readonly RegionMatch[], signal?: AbortSignal) => {
      const above = [...new Set(matches.flatMap((m) => m.ancestors))];
      // provinces first, then cities: a city is a node only once its province's children are in;
      // a search replaced by a newer one opens nothing more (a letter typed slowly would otherwise
      // open every region it matches, and the newer search would queue behind their loads)
      for (const level of [1, 2]) {
        if (signal?.aborted) return;
        const ids = above.filter((id) => current.current.nodes.get(id)?.region.level === level);
        await Promise.all(ids.map((id) => expand(id)));
      }
    },
    [expand],
  );

  return { state, status, retry: () => setRound((n) => n + 1), expand, collapse, reveal, failedId };
}
