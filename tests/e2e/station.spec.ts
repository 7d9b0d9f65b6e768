import { expect, test } from './fixtures.ts';
import { en as hostEn, zh as hostZh } from '../../src/i18n/messages/host.ts';
import { en, zh } from '../../src/i18n/messages/stations.ts';

/**
 * The public /station page: a visitor without a session finds the provider's stations and depots
 * (the demo seed's), searches by pinyin initials, narrows by province and city, switches to
 * English, and on a 320 px phone nothing is wider than the screen.
 */
test('a visitor finds a depot by pinyin initials and by province, in Chinese and English, from 320 px', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 720 } });
  const page = await context.newPage();
  await page.goto('/station');
  await expect(page).toHaveURL(/\/station$/);
  await expect(page.getByRole('heading', { level: 1, name: hostZh['host.station.title'] })).toBeVisible();
  const list = page.locator('lp-station-list');
  await expect(list.getByRole('heading', { name: '北京海淀服务站' })).toBeVisible();
  await expect(list.getByRole('status')).toHaveText(/^共 \d+ 个站点$/);

  // pinyin initials of 苏州工业园区 (spec §5)
  await list.getByLabel(zh['stations.filter.keyword']).fill('SZGY');
  await expect(list.getByRole('status')).toHaveText('共 1 个站点');
  const depot = list.getByRole('article', { name: '苏州工业园区生物医药仓' });
  await expect(depot).toBeVisible();
  await expect(depot.getByRole('link', { name: '0512-6295 7730' })).toHaveAttribute(
    'href',
    'tel:051262957730',
  );
  await expect(depot).toContainText('超低温 ≤ −150 °C');

  // province, then a city of it
  await list.getByRole('button', { name: zh['stations.filter.clear'] }).click();
  await list.getByLabel(zh['stations.filter.province']).selectOption({ label: '广东' });
  await list.getByLabel(zh['stations.filter.city']).selectOption({ label: '深圳市' });
  await expect(list.getByRole('status')).toHaveText('共 1 个站点');
  await expect(list.getByRole('heading', { name: '深圳南山服务站' })).toBeVisible();

  const widest = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await widest(), 'nothing wider than a 320 px screen').toBeLessThanOrEqual(320);

  // English: the whole page, the list included, follows the switch
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: hostEn['host.station.title'] })).toBeVisible();
  await list.getByRole('button', { name: en['stations.filter.clear'] }).click();
  await list.getByLabel(en['stations.filter.keyword']).fill('cold-chain');
  await expect(
    list.getByRole('heading', { name: 'Guangzhou Huangpu Pharmaceutical Cold-Chain Depot' }),
  ).toBeVisible();
  await expect(list.getByRole('heading', { name: 'Guangdong · Guangzhou' })).toBeVisible();
  await expect(list.getByRole('status')).toHaveText('2 locations');
  expect(await widest()).toBeLessThanOrEqual(320);
  await context.close();
});
