import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { waitUntil } from '../../src/ui/testing/commands.ts';
import { elementPage, signIn } from '../../src/ui/testing/element-page.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { createTestUser, type TestUser } from '../../src/ui/testing/server.ts';
import './sessions-dialog.ts';

/** A sign-in of `user` from "another device": its token only (the page keeps its own session). */
async function signInElsewhere(user: TestUser): Promise<string> {
  const res = await fetch('/api/user/login.html', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  const body = (await res.json()) as { code: number; data: { access_token: string } };
  if (body.code !== 0) throw new Error(`sign-in elsewhere: ${body.code}`);
  return body.data.access_token;
}

/** The envelope code a token's next call answers (0 live, 598 ended, 599 replaced). */
async function codeOf(token: string): Promise<number> {
  const res = await fetch('/api/user/get-user-info.html', { headers: { 'x-token': token } });
  return ((await res.json()) as { code: number }).code;
}

/** Runs against the real API (vitest.config.ts); each test makes its own user. */
describe('<lp-sessions-dialog>', () => {
  const { place, root, text, button, press, type } = elementPage('lp-sessions-dialog');
  const rows = (el: HTMLElement) => Array.from(root(el).querySelectorAll('.sessions-dialog__row'));
  afterEach(() => page.viewport(1280, 720));
  /** Closes and opens the dialog again (it reads the list at each opening). */
  const reopen = async (el: HTMLElement) => {
    el.removeAttribute('open');
    await waitUntil(() => !root(el).querySelector('dialog[open]'), 'closed');
    el.setAttribute('open', '');
  };

  it('lets an administrator allow two sessions, then signs one out and every other one, in English', async () => {
    const user = await createTestUser({ admin: true, name: '周敏' });
    await signIn(user);
    const el = place('en');
    el.setAttribute('open', '');
    await waitUntil(() => rows(el).length === 1, 'this session listed', { timeout: 15_000 });
    expect(rows(el)[0]?.textContent).to.contain('This device');
    expect(rows(el)[0]?.textContent).to.contain('Chrome');
    expect(rows(el)[0]?.textContent).to.match(/From (\d+\.\d+\.\d+\.\*|[\da-f]+:[\da-f]+:\*|\?)/);
    expect(text(el)).to.contain('No other device is signed in to your account.');
    expect(text(el)).to.contain('after 30 min without use and 12 h after sign-in at most; up to 1 at once');
    expect(button(el, 'Sign out everywhere else')?.disabled).to.equal(true);

    // the policy: a bad value is refused under its field, a good one saved
    await waitUntil(() => root(el).querySelector('input[name="max_sessions"]'), 'the policy form');
    const max = root(el).querySelector<HTMLInputElement>('input[name="max_sessions"]')!;
    type(max, '9');
    await press(el, 'Save policy');
    await waitUntil(() => text(el).includes('5'), 'the bound said');
    await waitUntil(() => root(el).querySelector('[aria-invalid="true"]'), 'the field marked');
    type(max, '2');
    await press(el, 'Save policy');
    await waitUntil(() => text(el).includes('up to 2 at once'), 'the new limit in force', {
      timeout: 15_000,
    });
    expect(text(el)).to.contain('Changed by 周敏');
    expect(rawKeys(el)).to.deep.equal([]);
    await expect(el).to.be.accessible();

    // a second device: listed after a reload, and signed out from here (598 there)
    const phone = await signInElsewhere(user);
    await reopen(el);
    await waitUntil(() => rows(el).length === 2, 'both sessions listed', { timeout: 15_000 });
    const signOut = rows(el)[1]?.querySelector<HTMLButtonElement>('button');
    expect(signOut?.getAttribute('aria-label')).to.match(/^Sign out the session on /);
    signOut?.click();
    await waitUntil(() => rows(el).length === 1, 'the other session gone', { timeout: 15_000 });
    expect(await codeOf(phone)).to.equal(598);

    // another one, signed out with "everywhere else"; this one stays
    const b = await signInElsewhere(user);
    await reopen(el);
    await waitUntil(() => rows(el).length === 2, 'the other session listed', { timeout: 15_000 });
    await press(el, 'Sign out everywhere else');
    await waitUntil(() => rows(el).length === 1, 'only this one left', { timeout: 15_000 });
    expect(await codeOf(b)).to.equal(598);
    expect(text(el)).to.contain('This device');
  });

  it('fits a 375 px phone in Chinese, without the policy form for someone who is no administrator', async () => {
    await page.viewport(375, 740);
    await signIn(await createTestUser());
    const el = place('zh-CN');
    el.setAttribute('open', '');
    await waitUntil(() => rows(el).length === 1, 'the list in Chinese', { timeout: 15_000 });
    expect(text(el)).to.contain('本设备');
    expect(text(el)).to.contain('登录会话');
    expect(root(el).querySelector('input[name="max_sessions"]')).to.equal(null);
    const dialog = root(el).querySelector('dialog[open]') as HTMLElement;
    expect(dialog.getBoundingClientRect().width).to.be.at.most(375);
    expect(dialog.scrollWidth).to.be.at.most(dialog.clientWidth + 1);
    expect(rawKeys(el)).to.deep.equal([]);
    await expect(el).to.be.accessible();

    button(el, '关闭')?.click();
    await waitUntil(() => !root(el).querySelector('dialog[open]'), 'closed');
  });
});
