import { afterEach, describe, expect, it } from 'vitest';
import { sendKeys } from '../testing/commands.ts';
import { cleanup, deepActive, mount, settle } from '../testing/mount.tsx';
import { Menu, type MenuItem } from './menu.tsx';
import { MenuButton } from './menu-button.tsx';

type Key = 'password' | 'about' | 'logout' | 'help';
const items: MenuItem<Key>[] = [
  { key: 'password', label: 'Change password' },
  { key: 'about', label: 'About' },
  { key: 'help', label: 'Help', disabled: true },
  { key: 'logout', label: 'Log out', danger: true },
];

describe('Menu', () => {
  afterEach(cleanup);

  it('is accessible open', async () => {
    const m = mount(
      <MenuButton items={items} label="Account" onSelect={() => {}}>
        Account
      </MenuButton>,
    );
    await expect(m.host).to.be.accessible();
    m.$('button').click();
    await settle();
    expect(m.$('[role="menu"]').matches(':popover-open')).to.equal(true);
    await expect(m.host).to.be.accessible();
  });

  it('opens with ↓, moves with arrows and letters, picks with Enter, Esc returns the focus', async () => {
    const picked: Key[] = [];
    const m = mount(
      <MenuButton items={items} label="Account" onSelect={(k) => picked.push(k)}>
        Account
      </MenuButton>,
    );
    const trigger = m.$('button');
    trigger.focus();
    await sendKeys({ press: 'ArrowDown' });
    await settle();
    expect(trigger.getAttribute('aria-expanded')).to.equal('true');
    expect(deepActive()?.textContent).to.equal('Change password');
    await sendKeys({ press: 'ArrowUp' });
    expect(deepActive()?.textContent).to.equal('Log out');
    await sendKeys({ press: 'ArrowUp' });
    expect(deepActive()?.textContent).to.equal('About'); // skips the disabled item
    await sendKeys({ press: 'c' });
    expect(deepActive()?.textContent).to.equal('Change password');
    await sendKeys({ press: 'End' });
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(picked).to.deep.equal(['logout']);
    expect(m.$('[role="menu"]').matches(':popover-open')).to.equal(false);
    expect(deepActive()).to.equal(trigger);

    await sendKeys({ press: 'Enter' });
    await settle();
    expect(m.$('[role="menu"]').matches(':popover-open')).to.equal(true);
    await sendKeys({ press: 'Escape' });
    await settle();
    expect(m.$('[role="menu"]').matches(':popover-open')).to.equal(false);
    expect(trigger.getAttribute('aria-expanded')).to.equal('false');
    expect(deepActive()).to.equal(trigger);
    expect(picked).to.deep.equal(['logout']);
  });

  it('opens at a point for context menus and stays in the viewport', async () => {
    const m = mount(
      <Menu open={false} anchor={null} items={items} label="Tab" onSelect={() => {}} onClose={() => {}} />,
    );
    expect(m.$('[role="menu"]').matches(':popover-open')).to.equal(false);
    m.render(
      <Menu
        open
        anchor={{ x: window.innerWidth - 5, y: 20 }}
        items={items}
        label="Tab"
        onSelect={() => {}}
        onClose={() => {}}
      />,
    );
    await settle();
    const rect = m.$('[role="menu"]').getBoundingClientRect();
    expect(rect.right).to.be.at.most(window.innerWidth);
    expect(rect.top).to.be.at.least(20);
  });
});
