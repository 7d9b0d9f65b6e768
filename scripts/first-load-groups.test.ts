import { describe, expect, it } from 'vitest';
import { firstLoadGroups, type OutputChunkLike, staticClosure, tagsIn } from './first-load-groups.mjs';

/** A first-pass bundle: file name → its static imports, lazy imports, modules and whether an entry. */
function bundle(
  files: Record<
    string,
    { imports?: string[]; lazy?: string[]; modules?: string[]; entry?: string; code?: string }
  >,
): Record<string, OutputChunkLike> {
  return Object.fromEntries(
    Object.entries(files).map(([fileName, f]) => [
      fileName,
      {
        type: 'chunk',
        fileName,
        name: f.entry ?? fileName.replace(/\.js$/, ''),
        isEntry: f.entry !== undefined,
        imports: f.imports ?? [],
        dynamicImports: f.lazy ?? [],
        moduleIds: f.modules ?? [],
        code: f.code ?? '',
      },
    ]),
  );
}

const portal = bundle({
  'host/main.js': {
    entry: 'host/main',
    imports: ['chunks/react.js', 'chunks/kit.js'],
    lazy: ['chunks/layout.js', 'chunks/pages.js'],
  },
  'chunks/react.js': {},
  'chunks/kit.js': { imports: ['chunks/react.js'] },
  'chunks/layout.js': {
    modules: ['/r/host/layout/layout.tsx'],
    imports: ['chunks/kit.js', 'chunks/nav.js', 'chunks/shared.js', 'chunks/pages.js'],
  },
  // the public pages, merged with a module the layout imports too
  'chunks/pages.js': { modules: ['/r/host/pages/station-page.tsx', '/r/host/layout/slot.tsx'] },
  'chunks/nav.js': { imports: ['chunks/kit.js'] },
  'chunks/shared.js': {},
  'customer-switcher.js': { entry: 'customer-switcher', imports: ['chunks/select.js', 'chunks/kit.js'] },
  'chunks/select.js': {},
  'station-list.js': { entry: 'station-list', imports: ['chunks/shared.js', 'chunks/kit.js'] },
  'order-list.js': { entry: 'order-list', imports: ['chunks/nav.js', 'chunks/table.js'] },
  'chunks/table.js': {},
});

const options = {
  hostEntry: 'host/main',
  layoutModule: '/r/host/layout/layout.tsx',
  switcher: 'customer-switcher',
  publicPages: ['/r/host/pages/station-page.tsx'],
  publicElements: ['station-list'],
};

describe('firstLoadGroups', () => {
  it('groups the host entry with what it imports, and the layout and switcher with what they add', () => {
    const { boot, portal: group, layout } = firstLoadGroups(portal, options);
    expect(layout).toBe('chunks/layout.js');
    expect([...boot].sort()).toEqual(['chunks/kit.js', 'chunks/react.js', 'host/main.js']);
    expect([...group].sort()).toEqual(['chunks/layout.js', 'chunks/nav.js', 'chunks/select.js']);
  });

  it('leaves out what a public page or its elements load, and the switcher’s own entry', () => {
    const { portal: group, publicRoots } = firstLoadGroups(portal, options);
    expect(publicRoots).toEqual(['chunks/pages.js', 'station-list.js']);
    expect(group.has('chunks/pages.js')).toBe(false); // the public pages' chunk
    expect(group.has('chunks/shared.js')).toBe(false); // the station list needs it signed out
    expect(group.has('customer-switcher.js')).toBe(false);
    // without public pages, the layout's whole first load joins the group
    const all = firstLoadGroups(portal, { ...options, publicPages: [], publicElements: [] }).portal;
    expect([...all].sort()).toEqual([
      'chunks/layout.js',
      'chunks/nav.js',
      'chunks/pages.js',
      'chunks/select.js',
      'chunks/shared.js',
    ]);
  });

  it('never groups a file that neither page loads first', () => {
    const { boot, portal: group } = firstLoadGroups(portal, options);
    expect(boot.has('chunks/table.js') || group.has('chunks/table.js')).toBe(false);
    expect(boot.has('order-list.js') || group.has('order-list.js')).toBe(false);
  });

  it('says which part is missing', () => {
    expect(() => firstLoadGroups(portal, { ...options, layoutModule: '/r/host/layout/other.tsx' })).toThrow(
      /layout/,
    );
  });
});

describe('staticClosure', () => {
  it('follows static imports only, once each', () => {
    expect([...staticClosure(portal, ['host/main.js'])].sort()).toEqual([
      'chunks/kit.js',
      'chunks/react.js',
      'host/main.js',
    ]);
  });
});

describe('tagsIn', () => {
  it('finds the element tags a page names, and only elements', () => {
    const code = 'x({tag:"lp-station-list"});y(`lp-order-status`);z("lp-unknown");w("lp-station-list-extra")';
    expect(tagsIn(code, ['station-list', 'order-status'])).toEqual(['station-list', 'order-status']);
  });
});
