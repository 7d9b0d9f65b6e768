import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { type FakeClock, fakeClock } from '../testing/clock.ts';
import { cleanup, mount, settle } from '../testing/mount.tsx';
import { SEARCH_DEBOUNCE_MS, useDebouncedKeyword } from '../form/use-debounced-keyword.ts';
import { FilterChoice, FilterKeyword, Filters } from './filter-bar.tsx';

/** A list's filter bar as the pages have it: the keyword is applied into `filters`, which the page may also change. */
function Probe({ applied, outside }: { applied: string[]; outside: { set?: (keyword: string) => void } }) {
  const [keyword, setKeyword] = useState('');
  outside.set = setKeyword;
  const search = useDebouncedKeyword(keyword, (next) => {
    applied.push(next);
    setKeyword(next);
  });
  return (
    <Filters label="Filter">
      <FilterKeyword label="Keyword" placeholder="Order number" search={search} />
      <FilterChoice
        label="Type"
        any="Any"
        value=""
        options={[{ value: 'supply', label: 'Supply' }]}
        onChange={() => {}}
      />
    </Filters>
  );
}

describe('Filters and useDebouncedKeyword', () => {
  let clock: FakeClock | undefined;
  afterEach(() => {
    clock?.uninstall();
    cleanup();
  });

  const typeInto = (input: HTMLInputElement, value: string) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };

  it('labels every control, and applies the keyword trimmed once typing pauses, once per change', async () => {
    const applied: string[] = [];
    const m = mount(<Probe applied={applied} outside={{}} />);
    await expect(m.$('search')).to.be.accessible();
    expect(m.$('search').getAttribute('aria-label')).to.equal('Filter');
    expect(m.$$('label').map((l) => l.textContent)).to.deep.equal(['Keyword', 'Type']);
    expect(m.$('select').querySelector('option')?.textContent).to.equal('Any');
    clock = fakeClock();
    const input = m.$<HTMLInputElement>('input[type="search"]');
    typeInto(input, ' LP2026');
    await settle();
    await clock.tickAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(applied).to.deep.equal([]);
    await clock.tickAsync(1);
    expect(applied).to.deep.equal(['LP2026']);
    typeInto(input, 'LP2026 ');
    await settle();
    await clock.tickAsync(SEARCH_DEBOUNCE_MS);
    expect(applied, 'the same keyword is not applied again').to.deep.equal(['LP2026']);
  });

  it('applies at once on Enter, and keeps what is typed after it when the list echoes it', async () => {
    const applied: string[] = [];
    const m = mount(<Probe applied={applied} outside={{}} />);
    clock = fakeClock();
    const input = m.$<HTMLInputElement>('input[type="search"]');
    typeInto(input, 'abc');
    await settle();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await settle();
    expect(applied).to.deep.equal(['abc']);
    typeInto(input, 'abcd');
    await settle();
    expect(input.value).to.equal('abcd');
    await clock.tickAsync(SEARCH_DEBOUNCE_MS);
    expect(applied).to.deep.equal(['abc', 'abcd']);
  });

  it('shows a keyword changed from outside (cleared filters), dropping a pending one', async () => {
    const applied: string[] = [];
    const outside: { set?: (keyword: string) => void } = {};
    const m = mount(<Probe applied={applied} outside={outside} />);
    clock = fakeClock();
    const input = m.$<HTMLInputElement>('input[type="search"]');
    typeInto(input, 'xyz');
    await settle();
    await clock.tickAsync(SEARCH_DEBOUNCE_MS);
    expect(applied).to.deep.equal(['xyz']);
    typeInto(input, 'xyz2');
    await settle();
    m.render(<Probe applied={applied} outside={outside} />);
    outside.set?.('');
    await settle();
    expect(input.value).to.equal('');
    await clock.tickAsync(SEARCH_DEBOUNCE_MS);
    expect(applied, 'the pending xyz2 is dropped').to.deep.equal(['xyz']);
  });
});
