import type { Row } from '../../db/schema.ts';
import { describe, expect, it } from 'vitest';
import { buildTree } from './menu.ts';

const row = (
  id: number,
  parent: number | null,
  position: number,
  extra: Partial<Row<'menu_routes'>> = {},
): Row<'menu_routes'> => ({
  id,
  sg_id: null,
  parent_id: parent,
  position,
  path: `p${id}`,
  name: `N${id}`,
  component: 'lp-x',
  hidden: false,
  title: `t${id}`,
  icon: null,
  roles: null,
  affix: false,
  no_cache: false,
  active_menu: null,
  ...extra,
});

describe('buildTree', () => {
  it('nests children under parents listed after them and keeps the given order', () => {
    // Ordered by position as the query returns them: children (position 0, 1) before their parent (2).
    const tree = buildTree([row(5, 9, 0), row(6, 9, 1), row(1, null, 1), row(9, null, 2)]);
    expect(tree.map((r) => r.path)).toEqual(['p1', 'p9']);
    expect(tree[1]?.children?.map((r) => r.path)).toEqual(['p5', 'p6']);
    expect(tree[0]).not.toHaveProperty('children');
  });

  it('drops rows whose parent is not in the menu', () => {
    expect(buildTree([row(1, null, 0), row(2, 77, 0)]).map((r) => r.path)).toEqual(['p1']);
  });

  it('sends only the meta fields that are set, and roles only as strings', () => {
    const [record] = buildTree([
      row(1, null, 0, {
        icon: 'order',
        roles: ['admin', 3, 'auditor'] as unknown as string[],
        affix: true,
        no_cache: true,
        active_menu: '/a',
        hidden: true,
      }),
      row(2, null, 1),
    ]);
    expect(record).toEqual({
      path: 'p1',
      name: 'N1',
      component: 'lp-x',
      hidden: true,
      meta: {
        title: 't1',
        icon: 'order',
        roles: ['admin', 'auditor'],
        affix: true,
        noCache: true,
        activeMenu: '/a',
      },
    });
    expect(buildTree([row(2, null, 1)])[0]?.meta).toEqual({ title: 't2' });
  });
});
