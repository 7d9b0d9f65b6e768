// node /work/notes/shots.mjs <base> <path> <name> [lang] [widths] [click-text]
import { chromium } from 'playwright-core';
const [base, path, name, lang = 'zh-CN', widths = '1440,375', click = ''] = process.argv.slice(2);
const args = ['--no-sandbox','--disable-gpu','--disable-dev-shm-usage','--disable-background-networking','--disable-component-update','--no-first-run'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
const login = await fetch(`${base}/api/user/login.html`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: process.env.LP_USER ?? 'demo', password: process.env.LP_PASS ?? 'Demo@2026pass', validate: '' }) }).then((r) => r.json());
const token = login.data.access_token;
for (const w of widths.split(',').map(Number)) {
  const context = await browser.newContext({ viewport: { width: w, height: 900 }, locale: lang });
  await context.addCookies([{ name: 'Admin-Token', value: token, url: base, sameSite: 'Lax' }, { name: 'language', value: lang, url: base }]);
  const page = await context.newPage();
  await page.goto(base + path);
  await page.waitForTimeout(2500);
  if (click) { await page.getByText(click, { exact: true }).first().click(); await page.waitForTimeout(1500); }
  await page.screenshot({ path: `/work/notes/shots/${name}-${lang}-${w}.png`, fullPage: true });
  await context.close();
}
await browser.close();
