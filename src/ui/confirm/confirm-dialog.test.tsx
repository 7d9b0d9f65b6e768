import { afterEach, describe, expect, it } from 'vitest';
import { sendKeys } from '../testing/commands.ts';
import { cleanup, deepActive, mount, settle } from '../testing/mount.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

describe('ConfirmDialog', () => {
  afterEach(cleanup);

  const ask = (answers: boolean[]) => (
    <ConfirmDialog
      open
      title="Logged in elsewhere"
      message="Cancel to stay on this page or log in again"
      confirmText="Re-login"
      cancelText="Cancel"
      onAnswer={(yes) => answers.push(yes)}
    />
  );

  it('is an accessible alertdialog', async () => {
    const m = mount(ask([]));
    await settle();
    expect(m.$('dialog').getAttribute('role')).to.equal('alertdialog');
    await expect(m.host).to.be.accessible();
  });

  it('confirms with Enter (focus starts on confirm), cancels with Tab-to-cancel or Esc', async () => {
    const answers: boolean[] = [];
    const m = mount(ask(answers));
    await settle();
    expect(deepActive()?.textContent).to.equal('Re-login');
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Shift+Tab' });
    expect(deepActive()?.textContent).to.equal('Cancel');
    await sendKeys({ press: 'Space' });
    await sendKeys({ press: 'Escape' });
    await settle();
    expect(answers).to.deep.equal([true, false, false]);
    m.unmount();
  });
});
