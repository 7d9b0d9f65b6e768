import { afterEach, describe, expect, it } from 'vitest';
import { sendKeys } from '../testing/commands.ts';
import { type FakeClock, fakeClock } from '../testing/clock.ts';
import { cleanup, mount, settle } from '../testing/mount.tsx';
import { Button } from './button.tsx';

describe('Button', () => {
  let clock: FakeClock | null = null;
  afterEach(() => {
    clock?.uninstall();
    clock = null;
    cleanup();
  });

  it('is accessible in a shadow root', async () => {
    const m = mount(
      <>
        <Button variant="primary">Save</Button>
        <Button>Cancel</Button>
        <Button variant="text">More</Button>
        <Button variant="danger">Delete</Button>
      </>,
    );
    await expect(m.host).to.be.accessible();
  });

  it('acts on Enter and Space, then ignores clicks while the guard is on', async () => {
    clock = fakeClock();
    let clicks = 0;
    const m = mount(
      <Button guardMs={1500} onClick={() => clicks++}>
        Send
      </Button>,
    );
    const button = m.$('button');
    button.focus();
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(clicks).to.equal(1);
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Space' });
    button.click();
    expect(clicks).to.equal(1);
    expect(m.shadow.activeElement).to.equal(button);
    await clock.tickAsync(1499);
    await settle();
    button.click();
    expect(clicks, 'still guarded 1 ms before the end').to.equal(1);
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    await clock.tickAsync(1);
    await settle();
    expect(button.hasAttribute('aria-disabled')).to.equal(false);
    await sendKeys({ press: 'Space' });
    expect(clicks).to.equal(2);
  });

  it('guards for 2 s by default', async () => {
    clock = fakeClock();
    let clicks = 0;
    const m = mount(<Button onClick={() => clicks++}>Submit</Button>);
    const button = m.$('button');
    button.click();
    await clock.tickAsync(1000);
    button.click();
    expect(clicks).to.equal(1);
    await settle();
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    await clock.tickAsync(999);
    button.click();
    expect(clicks, 'a click 1 ms before the end is ignored').to.equal(1);
    await clock.tickAsync(1);
    await settle();
    expect(button.hasAttribute('aria-disabled')).to.equal(false);
    button.click();
    expect(clicks).to.equal(2);
  });

  it('acts on a click at the guard’s end before the button has drawn itself active again', async () => {
    clock = fakeClock();
    let clicks = 0;
    const m = mount(<Button onClick={() => clicks++}>Submit</Button>);
    const button = m.$('button');
    button.click();
    await settle();
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    // The guard's time is what counts, not the render that follows it: a click the browser
    // handles before React's render (input goes first on a busy page) still acts.
    clock.tick(2000);
    button.click();
    expect(clicks).to.equal(2);
  });

  it('has no guard with guardMs 0 and refuses clicks while loading', async () => {
    let clicks = 0;
    const m = mount(
      <Button guardMs={0} onClick={() => clicks++}>
        Go
      </Button>,
    );
    m.$('button').click();
    m.$('button').click();
    expect(clicks).to.equal(2);
    m.render(
      <Button guardMs={0} loading onClick={() => clicks++}>
        Go
      </Button>,
    );
    m.$('button').click();
    expect(clicks).to.equal(2);
    expect(m.$('button').getAttribute('aria-busy')).to.equal('true');
  });
});
