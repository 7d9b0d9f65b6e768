import { afterEach, describe, expect, it } from 'vitest';
import { sendKeys } from '../testing/commands.ts';
import { useState } from 'react';
import { Button } from '../button/button.tsx';
import { cleanup, deepActive, mount, settle } from '../testing/mount.tsx';
import { Dialog, type DialogCloseReason } from './dialog.tsx';

function Harness({ closable = true, log }: { closable?: boolean; log: DialogCloseReason[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button guardMs={0} onClick={() => setOpen(true)}>
        Open
      </Button>
      <Dialog
        open={open}
        closable={closable}
        title="Change password"
        onClose={(reason) => {
          log.push(reason);
          setOpen(false);
        }}
        footer={<Button guardMs={0}>Save</Button>}
      >
        <input aria-label="Account" />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  afterEach(cleanup);

  it('is an accessible modal in the top layer', async () => {
    const m = mount(<Harness log={[]} />);
    m.$('button').click();
    await settle();
    const dialog = m.$<HTMLDialogElement>('dialog');
    expect(dialog.open).to.equal(true);
    expect(dialog.matches(':modal')).to.equal(true);
    expect(dialog.getAttribute('aria-labelledby')).to.equal(m.$('h2').id);
    await expect(m.host).to.be.accessible();
  });

  it('opens from the keyboard, traps Tab inside, closes with Esc', async () => {
    const log: DialogCloseReason[] = [];
    const m = mount(<Harness log={log} />);
    m.$('button').focus();
    await sendKeys({ press: 'Enter' });
    await settle();
    const dialog = m.$<HTMLDialogElement>('dialog');
    expect(dialog.open).to.equal(true);
    // the page behind is inert: tabbing around reaches the dialog's controls and never the page
    // (after the last control the focus may leave for the browser's own UI: the body is active)
    const visited: (Element | null)[] = [];
    for (let i = 0; i < 5; i++) {
      await sendKeys({ press: 'Tab' });
      visited.push(deepActive());
    }
    const outside = visited.filter((at) => at !== document.body && !(at && dialog.contains(at)));
    expect(outside, 'nothing behind the dialog takes the focus').to.deep.equal([]);
    const names = visited.map((at) => at?.getAttribute('aria-label') ?? at?.textContent ?? '');
    expect(names, 'each control of the dialog is reached').to.include.members(['Account', 'Save']);
    await sendKeys({ press: 'Escape' });
    await settle();
    expect(log).to.deep.equal(['escape']);
    expect(dialog.open).to.equal(false);
  });

  it('does not close on Esc, nor show ×, when not closable', async () => {
    const log: DialogCloseReason[] = [];
    const m = mount(<Harness closable={false} log={log} />);
    m.$('button').focus();
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(m.$$('.lp-dialog__close').length).to.equal(0);
    await sendKeys({ press: 'Escape' });
    await settle();
    await sendKeys({ press: 'Escape' });
    await settle();
    expect(m.$<HTMLDialogElement>('dialog').open).to.equal(true);
    expect(log).to.deep.equal([]);
  });

  it('closes with the × button', async () => {
    const log: DialogCloseReason[] = [];
    const m = mount(<Harness log={log} />);
    m.$('button').click();
    await settle();
    m.$('.lp-dialog__close').focus();
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(log).to.deep.equal(['close-button']);
  });

  it('closes only the inner of two nested dialogs on Esc (a confirmation inside a dialog)', async () => {
    const log: string[] = [];
    function Nested() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(false);
      return (
        <Dialog
          open={outer}
          title="Share"
          onClose={(reason) => {
            log.push(`outer:${reason}`);
            setOuter(false);
          }}
        >
          <Button guardMs={0} onClick={() => setInner(true)}>
            Revoke…
          </Button>
          <Dialog
            open={inner}
            title="Revoke?"
            role="alertdialog"
            onClose={(reason) => {
              log.push(`inner:${reason}`);
              setInner(false);
            }}
          >
            <button type="button">Revoke</button>
          </Dialog>
        </Dialog>
      );
    }
    const m = mount(<Nested />);
    await settle();
    m.$$<HTMLButtonElement>('button')
      .find((b) => b.textContent === 'Revoke…')!
      .click();
    await settle();
    const [outer, inner] = m.$$<HTMLDialogElement>('dialog');
    expect([outer!.open, inner!.open]).to.deep.equal([true, true]);
    await sendKeys({ press: 'Escape' });
    await settle();
    expect(log).to.deep.equal(['inner:escape']);
    expect([outer!.open, inner!.open]).to.deep.equal([true, false]);
    await sendKeys({ press: 'Escape' });
    await settle();
    expect(log).to.deep.equal(['inner:escape', 'outer:escape']);
    expect(outer!.open).to.equal(false);
  });
});
