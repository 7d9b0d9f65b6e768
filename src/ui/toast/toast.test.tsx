import { afterEach, describe, expect, it } from 'vitest';
import { sendKeys } from '../testing/commands.ts';
import { useState } from 'react';
import { cleanup, mount, settle } from '../testing/mount.tsx';
import { type ToastItem, ToastList } from './toast.tsx';

function Harness({ initial }: { initial: ToastItem[] }) {
  const [toasts, setToasts] = useState(initial);
  return <ToastList toasts={toasts} onDismiss={(id) => setToasts((all) => all.filter((t) => t.id !== id))} />;
}

const all: ToastItem[] = [
  { id: 1, kind: 'success', message: 'Saved' },
  { id: 2, kind: 'info', message: 'Switched customer' },
  { id: 3, kind: 'warning', message: 'Check the address' },
  { id: 4, kind: 'error', message: 'Network is poor' },
];

describe('ToastList', () => {
  afterEach(cleanup);

  it('shows each kind accessibly, in the top layer', async () => {
    const m = mount(<Harness initial={all} />);
    await settle();
    expect(m.$('.lp-toasts').matches(':popover-open')).to.equal(true);
    expect(m.$$('[role="alert"]').map((t) => t.dataset.toastId)).to.deep.equal(['3', '4']);
    expect(m.$$('[role="status"]').map((t) => t.dataset.toastId)).to.deep.equal(['1', '2']);
    await expect(m.host).to.be.accessible();
  });

  it('closes a toast with its close button from the keyboard; the list hides when empty', async () => {
    const m = mount(<Harness initial={[all[3] as ToastItem]} />);
    await settle();
    m.$('.lp-toast__close').focus();
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(m.$$('.lp-toast').length).to.equal(0);
    expect(m.$('.lp-toasts').matches(':popover-open')).to.equal(false);
  });
});
