import { afterEach, describe, expect, it } from 'vitest';
import { sendKeys } from '../testing/commands.ts';
import { setLocale } from '../../i18n/translate.ts';
import { cleanup, mount, settle } from '../testing/mount.tsx';
import { EmptyState } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';

describe('EmptyState and ErrorState', () => {
  afterEach(() => {
    cleanup();
    setLocale('zh-CN');
  });

  it('are accessible and follow the locale', async () => {
    setLocale('zh-CN');
    const m = mount(
      <>
        <EmptyState />
        <ErrorState onRetry={() => {}} />
      </>,
    );
    await expect(m.host).to.be.accessible();
    const zh = m.$('.lp-state--empty').textContent;
    setLocale('en');
    await settle();
    expect(m.$('.lp-state--empty').textContent).to.not.equal(zh);
    expect(m.$('[role="alert"]').textContent).to.contain('Something went wrong');
  });

  it('retries from the keyboard', async () => {
    let retries = 0;
    const m = mount(<ErrorState message="Could not load orders" onRetry={() => retries++} />);
    m.$('button').focus();
    await sendKeys({ press: 'Enter' });
    expect(retries).to.equal(1);
    expect(m.$('[role="alert"]').textContent).to.contain('Could not load orders');
  });
});
