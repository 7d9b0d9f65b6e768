import { afterEach, describe, expect, it } from 'vitest';
import { sendKeys } from '../testing/commands.ts';
import { useState } from 'react';
import { cleanup, deepActive, mount, settle } from '../testing/mount.tsx';
import { type TabItem, Tabs } from './tabs.tsx';

type Key = 'basic' | 'goods' | 'files' | 'log';
const items: TabItem<Key>[] = [
  { key: 'basic', label: 'Basic' },
  { key: 'goods', label: 'Goods' },
  { key: 'files', label: 'Files', disabled: true },
  { key: 'log', label: 'Log' },
];

function Harness() {
  const [selected, setSelected] = useState<Key>('basic');
  return (
    <Tabs items={items} selected={selected} onSelect={setSelected} label="Order">
      <p>Panel {selected}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  afterEach(cleanup);

  it('is accessible', async () => {
    const m = mount(<Harness />);
    await expect(m.host).to.be.accessible();
  });

  it('has one tab stop; arrows, Home and End move and select, skipping disabled tabs', async () => {
    const m = mount(<Harness />);
    const selected = () => m.$('[role="tab"][aria-selected="true"]').textContent;
    expect(m.$$('[role="tab"][tabindex="0"]').length).to.equal(1);
    m.$('[role="tab"]').focus();
    await sendKeys({ press: 'ArrowRight' });
    await settle();
    expect(selected()).to.equal('Goods');
    expect(deepActive()?.textContent).to.equal('Goods');
    await sendKeys({ press: 'ArrowRight' });
    await settle();
    expect(selected()).to.equal('Log');
    expect(m.$('[role="tabpanel"]').textContent).to.equal('Panel log');
    await sendKeys({ press: 'ArrowRight' });
    await settle();
    expect(selected()).to.equal('Basic');
    await sendKeys({ press: 'End' });
    await settle();
    expect(selected()).to.equal('Log');
    await sendKeys({ press: 'Home' });
    await settle();
    expect(selected()).to.equal('Basic');
    await sendKeys({ press: 'Tab' });
    expect(deepActive()?.getAttribute('role')).to.equal('tabpanel');
  });
});
