import { afterEach, describe, expect, it } from 'vitest';
import { sendKeys } from '../testing/commands.ts';
import { useRef, useState } from 'react';
import { Button } from '../button/button.tsx';
import { cleanup, deepActive, mount, settle } from '../testing/mount.tsx';
import { Popover } from './popover.tsx';

function Harness() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button ref={trigger} guardMs={0} aria-expanded={open} onClick={() => setOpen(!open)}>
        Browser hint
      </Button>
      <Popover
        open={open}
        anchor={open ? trigger.current : null}
        label="Browser hint"
        onClose={() => {
          setOpen(false);
          trigger.current?.focus();
        }}
      >
        <p>Use Chrome for the best experience.</p>
        <Button guardMs={0}>Got it</Button>
      </Popover>
    </>
  );
}

describe('Popover', () => {
  afterEach(cleanup);

  it('opens under its anchor in the top layer, accessibly', async () => {
    const m = mount(<Harness />);
    m.$('button').click();
    await settle();
    const panel = m.$('[role="dialog"]');
    expect(panel.matches(':popover-open')).to.equal(true);
    expect(panel.getBoundingClientRect().top).to.be.at.least(m.$('button').getBoundingClientRect().bottom);
    await expect(m.host).to.be.accessible();
  });

  it('takes the focus, lets Tab reach its content, and closes with Esc back to the trigger', async () => {
    const m = mount(<Harness />);
    const trigger = m.$('button');
    trigger.focus();
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(deepActive()?.getAttribute('role')).to.equal('dialog');
    await sendKeys({ press: 'Tab' });
    expect(deepActive()?.textContent).to.equal('Got it');
    await sendKeys({ press: 'Escape' });
    await settle();
    expect(m.$('[role="dialog"]').matches(':popover-open')).to.equal(false);
    expect(deepActive()).to.equal(trigger);
    expect(trigger.getAttribute('aria-expanded')).to.equal('false');
  });
});
