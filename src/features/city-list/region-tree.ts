import type { Region } from '../../contract/master-data/schemas.ts';

/** The deepest level of the tree (districts): its regions have no children. */
export const LEAF_LEVEL = 3;

/** A region in the tree; `children` null until loaded. */
export interface TreeNode {
  region: Region;
  children: readonly number[] | null;
  loading: boolean;
  failed: boolean;
}

/** The tree as loaded so far: nodes by id, the provinces in order, what is open. */
export interface TreeState {
  nodes: ReadonlyMap<number, TreeNode>;
  roots: readonly number[];
  expanded: ReadonlySet<number>;
}

/** A row on screen: only the children of expanded nodes are rows (a large tree stays small). */
export interface VisibleRow {
  id: number;
  node: TreeNode;
  /** 1-based, as aria-level. */
  depth: number;
  /** Position among its siblings (1-based) and how many there are. */
  position: number;
  siblings: number;
  parent: number | null;
  /** The region and every region above it are served. */
  served: boolean;
}

export const emptyTree = (): TreeState => ({ nodes: new Map(), roots: [], expanded: new Set() });

const node = (region: Region): TreeNode => ({ region, children: null, loading: false, failed: false });

/** The provinces arrived. */
export function withRoots(state: TreeState, regions: readonly Region[]): TreeState {
  const nodes = new Map(state.nodes);
  for (const region of regions) nodes.set(region.region_id, nodes.get(region.region_id) ?? node(region));
  return { ...state, nodes, roots: regions.map((r) => r.region_id) };
}

/** The children of `id` arrived. */
export function withChildren(state: TreeState, id: number, regions: readonly Region[]): TreeState {
  const nodes = new Map(state.nodes);
  for (const region of regions) nodes.set(region.region_id, nodes.get(region.region_id) ?? node(region));
  const parent = nodes.get(id);
  if (parent)
    nodes.set(id, { ...parent, children: regions.map((r) => r.region_id), loading: false, failed: false });
  return { ...state, nodes };
}

/** Loading the children of `id` started or failed. */
export function withLoad(
  state: TreeState,
  id: number,
  load: { loading: boolean; failed: boolean },
): TreeState {
  const current = state.nodes.get(id);
  if (!current) return state;
  const nodes = new Map(state.nodes);
  nodes.set(id, { ...current, ...load });
  return { ...state, nodes };
}

export function withExpanded(state: TreeState, id: number, open: boolean): TreeState {
  if (state.expanded.has(id) === open) return state;
  const expanded = new Set(state.expanded);
  if (open) expanded.add(id);
  else expanded.delete(id);
  return { ...state, expanded };
}

/** Whether a node can have children (a district cannot; a loaded node without any neither). */
export function isBranch(node: TreeNode): boolean {
  return node.region.level < LEAF_LEVEL && (node.children === null || node.children.length > 0);
}

/** The rows on screen, depth first, through the expanded nodes only. */
export function visibleRows(state: TreeState): VisibleRow[] {
  const rows: VisibleRow[] = [];
  const walk = (ids: readonly number[], depth: number, parent: number | null, servedAbove: boolean) => {
    ids.forEach((id, at) => {
      const current = state.nodes.get(id);
      if (!current) return;
      const served = servedAbove && current.region.served;
      rows.push({ id, node: current, depth, position: at + 1, siblings: ids.length, parent, served });
      if (state.expanded.has(id) && current.children) walk(current.children, depth + 1, id, served);
    });
  };
  walk(state.roots, 1, null, true);
  return rows;
}

/** The region's name as matched by type-ahead and search: Chinese name, English name, initials. */
export function startsWith(region: Region, typed: string): boolean {
  const q = typed.toLowerCase();
  return (
    region.name.startsWith(typed) ||
    region.pinyin.toLowerCase().startsWith(q) ||
    region.name_en.toLowerCase().startsWith(q)
  );
}

/**
 * Type-ahead (WAI-ARIA tree pattern): the next visible row after `from` (or `from` itself) whose
 * name or initials start with what was typed, wrapping around; null when none does.
 */
export function typeAhead(
  rows: readonly VisibleRow[],
  from: number,
  typed: string,
  /** The row `from` itself may match (a longer word typed on). */
  includeFrom = false,
): number | null {
  const start = rows.findIndex((row) => row.id === from);
  for (let step = includeFrom ? 0 : 1; step <= rows.length; step++) {
    const row = rows[(start + step) % rows.length];
    if (row && startsWith(row.node.region, typed)) return row.id;
  }
  return null;
}

/** What a key does in the tree (WAI-ARIA tree pattern). */
export type TreeMove =
  | { kind: 'focus'; id: number }
  | { kind: 'expand'; id: number }
  | { kind: 'collapse'; id: number }
  | { kind: 'none' };

/** ↓ ↑ move, → expands or enters, ← collapses or goes up, Home / End, Enter toggles. */
export function keyMove(
  state: TreeState,
  rows: readonly VisibleRow[],
  active: number,
  key: string,
): TreeMove {
  const at = rows.findIndex((row) => row.id === active);
  const row = rows[at];
  if (!row) return rows[0] ? { kind: 'focus', id: rows[0].id } : { kind: 'none' };
  const open = state.expanded.has(row.id);
  const branch = isBranch(row.node);
  const focus = (target: VisibleRow | undefined): TreeMove =>
    target ? { kind: 'focus', id: target.id } : { kind: 'none' };
  switch (key) {
    case 'ArrowDown':
      return focus(rows[at + 1]);
    case 'ArrowUp':
      return focus(rows[at - 1]);
    case 'Home':
      return focus(rows[0]);
    case 'End':
      return focus(rows[rows.length - 1]);
    case 'ArrowRight':
      if (!branch) return { kind: 'none' };
      if (!open) return { kind: 'expand', id: row.id };
      return rows[at + 1]?.parent === row.id ? focus(rows[at + 1]) : { kind: 'none' };
    case 'ArrowLeft':
      if (branch && open) return { kind: 'collapse', id: row.id };
      return row.parent !== null ? { kind: 'focus', id: row.parent } : { kind: 'none' };
    case 'Enter':
      if (!branch) return { kind: 'none' };
      return open ? { kind: 'collapse', id: row.id } : { kind: 'expand', id: row.id };
    default:
      return { kind: 'none' };
  }
}
