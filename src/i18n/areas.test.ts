import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * Each element carries its own strings and no other element's (docs/decisions/element-anatomy.md):
 * a module that names a key of a feature area registers that area itself, and the bundles show
 * it. The feature areas are the files of messages/ that catalogue.ts does not merge.
 */

const root = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const SHARED = new Set(['api', 'common', 'routes', 'session', 'time', 'ui']);
/** Feature area → its keys (from messages/<area>.ts; the `zh` object lists them all). */
const areas = new Map(
  readdirSync(join(root, 'src/i18n/messages'))
    .map((file) => file.replace(/\.ts$/, ''))
    .filter((area) => !SHARED.has(area))
    .map((area) => {
      const source = read(`src/i18n/messages/${area}.ts`);
      const zh = source.slice(source.indexOf('export const zh'), source.indexOf('export const en'));
      return [area, new Set([...zh.matchAll(/^ {2}'([^']+)':/gm)].map((m) => m[1] as string))] as const;
    }),
);

/**
 * The areas of the page each element entry and the host are built for: what its bundle must carry,
 * and nothing else (another element's strings in it mean it imports that element's code). Add a
 * line per new element.
 */
const CARRIES: Record<string, string[]> = {
  'elements/address-list/address-list.ts': ['addresses', 'data-table'],
  'elements/api-clients/api-clients.ts': ['api-clients'],
  'elements/audit-log/audit-log.ts': ['audit-log', 'order-history'],
  'elements/chat-widget/chat-widget.ts': ['chat', 'chat-launcher'],
  'elements/city-list/city-list.ts': ['sites'],
  'elements/customer-switcher/customer-switcher.ts': ['switcher'],
  'elements/download-center/download-center.ts': ['download-center'],
  'elements/excursion-case/excursion-case.ts': ['excursion-case', 'excursions', 'order-sign', 'order-view'],
  'elements/excursion-list/excursion-list.ts': ['data-table', 'excursion-list', 'excursions'],
  'elements/forgot-password/forgot-password.ts': ['forgot-password', 'password'],
  'elements/help-center/help-center.ts': ['chat', 'help'],
  'elements/home-overview/home-overview.ts': ['home-overview'],
  'elements/hospital-list/hospital-list.ts': ['data-table', 'sites'],
  'elements/inventory-table/inventory-table.ts': ['data-table', 'inventory'],
  'elements/material-inventory/material-inventory.ts': ['data-table', 'inventory'],
  'elements/notices/notices.ts': [],
  'elements/notification-bell/notification-bell.ts': ['notification-bell'],
  'elements/order-attachments/order-attachments.ts': ['order-attachments'],
  'elements/order-drafts/order-drafts.ts': ['data-table', 'order-drafts'],
  'elements/order-editor/order-editor.ts': ['order-drafts', 'order-editor'],
  'elements/order-list/order-list.ts': ['data-table', 'order-list'],
  'elements/order-status/order-status.ts': ['tracking', 'tracking-captcha', 'tracking-chart'],
  'elements/order-view/order-view.ts': ['order-history', 'order-sign', 'order-view'],
  'elements/password-dialog/password-dialog.ts': ['password'],
  'elements/second-factor-dialog/second-factor-dialog.ts': ['second-factor'],
  'elements/project-list/project-list.ts': ['data-table', 'projects'],
  'elements/project-view/project-view.ts': ['data-table', 'projects', 'stability'],
  'elements/sessions-dialog/sessions-dialog.ts': ['sessions-dialog', 'single-sign-on'],
  'elements/station-list/station-list.ts': ['stations'],
  'elements/supplier-callback/supplier-callback.ts': ['supplier'],
  'elements/webhook-endpoints/webhook-endpoints.ts': ['webhook-endpoints'],
  // the login page's second step (a 477), its enrolment (a 478) and its organisation sign-in are
  // lazy chunks of the host, each with its own area
  'host/main.tsx': ['host', 'login-enrol', 'login-second-factor', 'single-sign-on'],
};

/**
 * Lazy modules of the host that carry an area of their own, registered by the module itself (the
 * login page's second step: its strings stay out of the login page's first load).
 */
const HOST_LAZY_AREAS: Record<string, string> = {
  'host/pages/login/second-factor-step.tsx': 'login-second-factor',
  'host/pages/login/enrol-step.tsx': 'login-enrol',
  'host/pages/login/sso.tsx': 'single-sign-on',
  'host/pages/login/reauth-done.tsx': 'single-sign-on',
};

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path) || path.includes('/testing/');

/** The feature areas whose keys a module names in a string literal. */
function named(code: string): Set<string> {
  const found = new Set<string>();
  for (const [, key] of code.matchAll(/['"`]([a-zA-Z]+(?:\.[a-zA-Z0-9]+)+)['"`]/g))
    for (const [area, keys] of areas) if (keys.has(key as string)) found.add(area);
  return found;
}

const registers = (code: string, area: string) =>
  new RegExp(
    `from '[./]*(src/)?i18n/(areas|messages)/${area}\\.ts'|import '[./]*(src/)?i18n/areas/${area}\\.ts'`,
  ).test(code);

describe('i18n areas in the sources', () => {
  it('knows every element and the host (each has its line in CARRIES), and each area is carried', () => {
    const carriedSomewhere = new Set(Object.values(CARRIES).flat());
    expect([...areas.keys()].filter((area) => !carriedSomewhere.has(area))).toEqual([]);
    const entries = readdirSync(join(root, 'elements'))
      .filter((name) => name !== 'kit')
      .map((name) => `elements/${name}/${name}.ts`);
    expect(Object.keys(CARRIES).sort()).toEqual([...entries, 'host/main.tsx'].sort());
  });

  it('a module of src/ or elements/ that names a feature key imports the area', () => {
    const missing = [...sources('src'), ...sources('elements')]
      .filter((path) => !isTest(path) && !path.startsWith('src/i18n/'))
      .flatMap((path) => {
        const code = read(path);
        return [...named(code)].filter((area) => !registers(code, area)).map((area) => `${path}: ${area}`);
      });
    expect(missing).toEqual([]);
  });

  it('the host names only its own area and registers it once, in host/app.tsx (a lazy module of it: its own)', () => {
    const foreign = sources('host')
      .filter((path) => !isTest(path))
      .flatMap((path) =>
        [...named(read(path))]
          .filter((a) => a !== 'host' && !(HOST_LAZY_AREAS[path] === a && registers(read(path), a)))
          .map((a) => `${path}: ${a}`),
      );
    expect(foreign).toEqual([]);
    expect(registers(read('host/app.tsx'), 'host')).toBe(true);
  });

  it('rawKeys() knows the keys of every area (src/ui/testing/raw-keys.ts reads each messages module)', () => {
    const code = read('src/ui/testing/raw-keys.ts');
    const unread = readdirSync(join(root, 'src/i18n/messages'))
      .map((file) => file.replace(/\.ts$/, ''))
      .filter((area) => !code.includes(`from '../../i18n/messages/${area}.ts'`));
    expect(unread).toEqual([]);
  });

  it('browser tests register no area (they would hide a missing registration of the code under test)', () => {
    const registering = [...sources('src'), ...sources('elements')]
      .filter((path) => isTest(path) && !path.startsWith('src/i18n/'))
      .filter((path) => /^import\s[^;]*['"][^'"]*i18n\/areas\/[^'"]+['"]/m.test(read(path)));
    expect(registering).toEqual([]);
  });
});

/** Every chunk of the entry bundled as the embed build does (minified, code-split, React inside). */
async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: join(root, '.tmp/areas-test'),
    write: false,
    minify: true,
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"', __LP_ELEMENTS__: '[]' },
    logLevel: 'silent',
  });
  return result.outputFiles.map((f) => f.text).join('\n');
}

/**
 * The areas whose messages a bundle holds: a key followed by `:` is a property of a messages
 * object (`"chat.title":"…"`); a key only passed to `t()` does not count.
 */
function carried(code: string): string[] {
  const found = new Set<string>();
  for (const [, key] of code.matchAll(/["']([a-zA-Z]+(?:\.[a-zA-Z0-9]+)+)["']:/g))
    for (const [area, keys] of areas) if (keys.has(key as string)) found.add(area);
  return [...found].sort();
}

describe('i18n areas in the bundles', () => {
  for (const [entry, expected] of Object.entries(CARRIES)) {
    it(`${relative('.', entry)} carries ${expected.length ? expected.join(', ') : 'no feature area'}`, async () => {
      expect(carried(await bundle(entry))).toEqual(expected);
    });
  }
});
