import { describe, expect, it } from 'vitest';
import { call } from '../../src/api/transport.ts';
import { webhookCreate, webhookDeliveries } from '../../src/contract/webhooks/operations.ts';
import { waitUntil } from '../../src/ui/testing/commands.ts';
import { elementPage, signIn } from '../../src/ui/testing/element-page.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { createTestUser, sendWebhooks } from '../../src/ui/testing/server.ts';
import './webhook-endpoints.ts';

/** Runs against the real API (vitest.config.ts); each test makes its own users and endpoints. */
describe('<lp-webhook-endpoints>', () => {
  const { place, root, text, button, type } = elementPage('lp-webhook-endpoints');

  it('lets an administrator add an endpoint, shows its secret once made, and lists it, in both languages', async () => {
    const admin = await createTestUser({ admin: true });
    await signIn(admin);
    const el = place('en');
    // the add button is drawn before the list has answered: wait for the list's empty state
    await waitUntil(() => text(el).includes('No webhook endpoint yet.'), 'the empty list', {
      timeout: 15_000,
    });
    expect(button(el, 'Add endpoint')).to.not.equal(undefined);
    button(el, 'Add endpoint')!.click();
    await waitUntil(() => root(el).querySelector('input[name="url"]'), 'the form');
    type(root(el).querySelector<HTMLInputElement>('input[name="url"]')!, 'http://127.0.0.1:9/lp-hook');
    type(root(el).querySelector<HTMLInputElement>('input[name="description"]')!, 'IRT');
    root(el).querySelector<HTMLInputElement>('input[value="order.delivered"]')!.click();
    button(el, 'Save')!.click();
    await waitUntil(() => root(el).querySelectorAll('dialog[open] .lp-secret__value')[1], 'the secret', {
      timeout: 15_000,
    });
    expect(root(el).querySelectorAll('dialog[open] .lp-secret__value')[1]?.textContent).to.match(
      /^whsec_[A-Za-z0-9+/=]{44}$/,
    );
    await expect(el).to.be.accessible();
    button(el, 'Close')!.click();
    await waitUntil(() => root(el).querySelector('.webhook-endpoints__row'), 'the endpoint listed');
    const row = root(el).querySelector('.webhook-endpoints__row')!.textContent ?? '';
    for (const word of ['http://127.0.0.1:9/lp-hook', 'IRT', 'Order delivered', 'Enabled', 'None yet'])
      expect(row, word).to.contain(word);
    expect(rawKeys(el)).to.deep.equal([]);
    await expect(el).to.be.accessible();
    el.remove();
    const zh = place('zh-CN');
    await waitUntil(
      () => root(zh).querySelector('.webhook-endpoints__row'),
      'the endpoint listed in Chinese',
      {
        timeout: 15_000,
      },
    );
    for (const word of ['添加地址', '订单送达', '已启用', '投递记录', '发送测试事件', '更换密钥'])
      expect(text(zh), word).to.contain(word);
    expect(rawKeys(zh)).to.deep.equal([]);
  });

  it('sends a test event, shows the delivery log with its attempt, and disables the endpoint', async () => {
    const admin = await createTestUser({ admin: true });
    await signIn(admin);
    const made = await call(webhookCreate, {
      url: 'http://127.0.0.1:9/test-hook',
      description: '',
      event_types: [],
    });
    const el = place('en');
    await waitUntil(() => button(el, 'Send test event'), 'the endpoint', { timeout: 15_000 });
    button(el, 'Send test event')!.click();
    // the server's sender tries it (nothing listens on port 9 of the loopback: refused, retried)
    await waitUntil(
      async () => {
        await sendWebhooks();
        return (await call(webhookDeliveries, { id: made.endpoint.id })).list.length > 0;
      },
      'an attempt logged',
      { timeout: 20_000 },
    );
    button(el, 'Deliveries')!.click();
    await waitUntil(() => root(el).querySelector('.webhook-endpoints__attempt'), 'the log', {
      timeout: 15_000,
    });
    const attempt = root(el).querySelector('.webhook-endpoints__attempt')!.textContent ?? '';
    for (const word of ['Test event', 'No answer', 'connection refused', 'Waiting to retry'])
      expect(attempt, word).to.contain(word);
    expect(button(el, 'Send again')).to.exist;
    await expect(el).to.be.accessible();
    button(el, 'Disable')!.click();
    await waitUntil(() => text(el).includes('Disabled'), 'disabled');
    expect(button(el, 'Enable')).to.exist;
  });

  it('tells a user who is no administrator that webhooks are not theirs to manage', async () => {
    const user = await createTestUser();
    await signIn(user);
    const el = place('en');
    await waitUntil(() => text(el).includes('Only an administrator'), 'the refusal', { timeout: 15_000 });
    expect(button(el, 'Add endpoint')).to.equal(undefined);
  });
});
