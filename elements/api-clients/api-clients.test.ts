import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../src/ui/testing/commands.ts';
import { elementPage, signIn } from '../../src/ui/testing/element-page.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { createTestUser } from '../../src/ui/testing/server.ts';
import './api-clients.ts';

/** Runs against the real API (vitest.config.ts); each test makes its own users and clients. */
describe('<lp-api-clients>', () => {
  const { place, root, text, button, press, type } = elementPage('lp-api-clients');
  const secretShown = (el: HTMLElement) =>
    root(el).querySelectorAll('dialog[open] .lp-secret__value')[1]?.textContent ?? '';

  it('makes a client and shows its secret once, then rotates and revokes it, in both languages', async () => {
    await signIn(await createTestUser({ admin: true }));
    const el = place('en');
    await waitUntil(() => text(el).includes('No API clients yet'), 'the empty list', { timeout: 15_000 });
    await press(el, 'New client');
    await waitUntil(() => root(el).querySelector('input[name="name"]'), 'the form');
    expect(root(el).querySelector('input[value="excursions:decide"]')).to.equal(null);
    type(root(el).querySelector<HTMLInputElement>('input[name="name"]')!, 'IRT production');
    root(el).querySelector<HTMLInputElement>('input[value="orders:read"]')!.click();
    root(el).querySelector<HTMLInputElement>('input[value="orders:write"]')!.click();
    const addresses = root(el).querySelector<HTMLTextAreaElement>('textarea[name="allowed_addresses"]')!;
    type(addresses, '10.0.0.0/8\nnot-an-address');
    await press(el, 'Create');
    await waitUntil(() => text(el).includes('Enter an IP address or a CIDR block'), 'the address refused');
    type(addresses, '10.0.0.0/8\n2001:db8::/32');
    await press(el, 'Create');
    await waitUntil(() => secretShown(el), 'the secret', { timeout: 15_000 });
    const first = secretShown(el);
    expect(first).to.match(/^lpcs_[A-Za-z0-9_-]{43}$/);
    expect(text(el)).to.contain('it is shown this once and cannot be shown again');
    expect(button(el, 'Copy secret')).to.exist;
    await expect(el).to.be.accessible();
    await press(el, 'I have stored the secret');
    await waitUntil(() => root(el).querySelector('.api-clients__row'), 'the client listed');
    await waitUntil(() => !root(el).querySelector('dialog[open]'), 'the dialog closed');
    const row = () => root(el).querySelector('.api-clients__row')!.textContent ?? '';
    for (const word of [
      'IRT production',
      'lpc_',
      'Read orders',
      'Create and act on orders',
      'Never',
      'Active',
    ])
      expect(row(), word).to.contain(word);
    expect(row()).to.contain('10.0.0.0/8, 2001:db8::/32');
    expect(text(el)).not.to.contain(first);
    expect(rawKeys(el)).to.deep.equal([]);
    await expect(el).to.be.accessible();

    // its scopes, addresses and rate are changed in the Edit dialog (its name is not)
    await press(el, 'Edit');
    await waitUntil(
      () => root(el).querySelector('dialog[open] input[name="rate_per_minute"]'),
      'the edit form',
    );
    expect(root(el).querySelector('dialog[open] input[name="name"]')).to.equal(null);
    const rate = root(el).querySelector<HTMLInputElement>('dialog[open] input[name="rate_per_minute"]')!;
    expect(rate.value).to.equal('600');
    root(el).querySelector<HTMLInputElement>('dialog[open] input[value="orders:write"]')!.click();
    root(el).querySelector<HTMLInputElement>('dialog[open] input[value="excursions:read"]')!.click();
    type(rate, '0');
    await press(el, 'Save');
    await waitUntil(() => text(el).includes('At least 1'), 'the rate refused');
    type(rate, '120');
    await press(el, 'Save');
    await waitUntil(() => row().includes('120 calls a minute'), 'the change listed', { timeout: 15_000 });
    expect(row()).to.contain('Read temperature excursions');
    expect(row()).not.to.contain('Create and act on orders');
    await waitUntil(() => !root(el).querySelector('dialog[open]'), 'the dialog closed');

    await press(el, 'Rotate secret');
    await waitUntil(() => root(el).querySelector('input[name="grace_hours"]'), 'the rotation dialog');
    root(el).querySelector<HTMLInputElement>('input[name="grace_hours"][value="1"]')!.click();
    await press(el, 'Rotate');
    await waitUntil(() => secretShown(el) && secretShown(el) !== first, 'the new secret', {
      timeout: 15_000,
    });
    await press(el, 'I have stored the secret');
    await waitUntil(() => row().includes('the old secret holds until'), 'the grace listed');
    await waitUntil(() => !root(el).querySelector('dialog[open]'), 'the dialog closed');

    await press(el, 'Revoke');
    await waitUntil(() => text(el).includes('stop working at once, for good'), 'the question');
    await press(el, 'Revoke');
    await waitUntil(() => row().includes('Revoked'), 'revoked', { timeout: 15_000 });
    expect(button(el, 'Rotate secret')).to.equal(undefined);

    el.remove();
    const zh = place('zh-CN');
    await waitUntil(() => root(zh).querySelector('.api-clients__row'), 'the list in Chinese', {
      timeout: 15_000,
    });
    for (const word of ['新建客户端', '查看订单', '已撤销', '最近使用'])
      expect(text(zh), word).to.contain(word);
    expect(rawKeys(zh)).to.deep.equal([]);
  });

  it('tells a user who is no administrator that API clients are not theirs to manage', async () => {
    await signIn(await createTestUser());
    const el = place('en');
    await waitUntil(() => text(el).includes('Only an administrator'), 'the refusal', { timeout: 15_000 });
    expect(button(el, 'New client')).to.equal(undefined);
  });
});
