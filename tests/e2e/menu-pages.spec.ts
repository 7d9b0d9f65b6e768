import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { getApi } from './helpers/api.ts';
import { onTheRoad, warmStretch } from './helpers/excursions.ts';
import { zh } from './helpers/login-page.ts';
import { enterPortal, followLink, signedInContext } from './helpers/session.ts';

// a project and an order to open (fixtures.ts)
test.use({ orderData: true });

interface MenuRoute {
  path: string;
  component: string;
  children?: MenuRoute[];
}

/** Every page of the server's menu for this session (a `:id` page is opened with a real id). */
function pagesOf(routes: MenuRoute[], base = ''): Array<{ path: string; tag: string }> {
  return routes.flatMap((route) => {
    const path = route.path.startsWith('/') ? route.path : `${base}/${route.path}`;
    const own = route.component.startsWith('lp-') ? [{ path, tag: route.component }] : [];
    return [...own, ...pagesOf(route.children ?? [], path)];
  });
}

test('every page of the menu shows its own content: none says "page not available"', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { context, token } = await signedInContext(browser, baseURL!, demoLogin('demo'));
  const menu = await getApi<MenuRoute[]>(context.request, 'common/get-route', token);
  const first = async <T>(path: string) => {
    const response = await context.request.get(`/api/${path}.html?start=0&limit=1`, {
      headers: { 'X-Token': token },
    });
    return ((await response.json()) as { data: { list: T[] } }).data.list[0];
  };
  const project = await first<{ pr_id: number }>('common/customer-project');
  const order = await first<{ id: number }>('customer-order/index');
  // a demo set has no excursion case: the provider's readings of an order on the road open one
  const excursion = await warmStretch(context.request, await onTheRoad(context.request, token));
  const ids: Record<string, number | undefined> = {
    '/customer-project/view/:id': project?.pr_id,
    '/customer-order/view/:id': order?.id,
    '/excursion/view/:id': excursion,
  };
  const pages = pagesOf(menu.data).map((page) =>
    page.path.includes(':id') ? { ...page, path: page.path.replace(':id', String(ids[page.path])) } : page,
  );
  // the whole menu of issue 11 is there, each page with its element
  expect(pages.map((p) => p.tag)).toEqual(
    expect.arrayContaining([
      'lp-inventory-table',
      'lp-material-inventory',
      'lp-project-list',
      'lp-project-view',
      'lp-address-list',
      'lp-hospital-list',
      'lp-city-list',
      'lp-help-center',
    ]),
  );
  expect(
    pages.every((p) => !p.path.includes('undefined')),
    'demo data has a project and an order',
  ).toBe(true);

  const page = await context.newPage();
  await enterPortal(page);
  const main = page.locator('#lp-main');
  for (const { path, tag } of pages) {
    await test.step(path, async () => {
      await followLink(page, path);
      const element = main.locator(tag);
      await expect(element, `${path} shows ${tag}`).toBeVisible();
      await expect(main).not.toContainText(zh('host.unavailable.title'));
      // the element drew content of its own (text from the server or its headings), not a blank box
      await expect
        .poll(async () => element.evaluate((el) => (el.shadowRoot ?? el).textContent?.trim().length ?? 0), {
          message: `${path} has content`,
        })
        .toBeGreaterThan(20);
      await expect(element.getByRole('alert')).toHaveCount(0);
    });
  }
  await context.close();
});
