import { generate } from 'otplib';
import { afterEach, describe, expect, it } from 'vitest';
import { $token } from '../../src/stores/auth.ts';
import { login } from '../../src/stores/session.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { sendKeys, waitUntil } from '../../src/ui/testing/commands.ts';
import { createTestUser } from '../../src/ui/testing/server.ts';
import './second-factor-dialog.ts';

/** A POST of the page's session to the real API, answering the envelope. */
async function post<T>(path: string, body: unknown): Promise<{ code: number; data: T }> {
  const res = await fetch(`/api/${path}.html`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-token': $token.get() ?? '' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: T };
}

/** New recovery codes from the dialog (issue 34): the password and a current code. */
describe('<lp-second-factor-dialog>: new recovery codes', () => {
  const placed: HTMLElement[] = [];
  afterEach(() => {
    for (const el of placed.splice(0)) el.remove();
    resetStores();
  });
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const input = (el: HTMLElement, name: string) =>
    root(el).querySelector<HTMLInputElement>(`input[name="${name}"]`);
  async function typeInto(el: HTMLElement, name: string, text: string) {
    (input(el, name) as HTMLInputElement).focus();
    await sendKeys({ type: text });
  }

  it('makes 10 new codes, shown once, after the password and a code; the old ones are gone', async () => {
    const user = await createTestUser();
    await login({ username: user.username, password: user.password, validate: '' });
    const started = await post<{ secret: string }>('user/second-factor-enrol', { password: user.password });
    const secret = started.data.secret;
    const confirmed = await post<{ recovery_codes: string[] }>('user/second-factor-confirm', {
      code: await generate({ secret }),
    });
    expect(confirmed.code).toBe(0);

    const el = document.createElement('lp-second-factor-dialog');
    el.setAttribute('locale', 'en');
    el.setAttribute('open', '');
    document.body.append(el);
    placed.push(el);
    const renew = () =>
      [...root(el).querySelectorAll('button')].find((b) => b.textContent === 'New recovery codes');
    await waitUntil(() => renew() !== undefined, 'the renewal button');
    renew()?.click();
    await waitUntil(
      () => root(el).textContent?.includes('the old ones stop working') === true,
      'the renewal form',
    );
    await typeInto(el, 'password', user.password);
    // the next time step's code: the enrolment used this one
    await typeInto(el, 'code', await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    (root(el).querySelector('button[type="submit"]') as HTMLButtonElement).click();
    await waitUntil(
      () => root(el).querySelectorAll('.second-factor__codes li').length === 10,
      'the new codes',
    );
    const fresh = [...root(el).querySelectorAll('.second-factor__codes code')].map(
      (c) => c.textContent ?? '',
    );
    expect(fresh.some((c) => confirmed.data.recovery_codes.includes(c))).toBe(false);
    await expect(el).to.be.accessible();
  });
});
