import { afterEach, describe, expect, it } from 'vitest';
import { sendKeys } from '../testing/commands.ts';
import { useState } from 'react';
import { cleanup, deepActive, mount, settle } from '../testing/mount.tsx';
import { pageItems } from './pages.ts';
import { Pagination } from './pagination.tsx';

function Harness({ total = 200 }: { total?: number }) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  return (
    <Pagination
      page={page}
      pageSize={size}
      total={total}
      onChange={setPage}
      pageSizes={[10, 20, 50]}
      onPageSizeChange={(s) => {
        setSize(s);
        setPage(1);
      }}
    />
  );
}

describe('Pagination', () => {
  afterEach(cleanup);

  it('lists pages with gaps', () => {
    expect(pageItems(1, 20)).to.deep.equal([1, 2, 3, 'gap', 20]);
    expect(pageItems(10, 20)).to.deep.equal([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(pageItems(4, 7)).to.deep.equal([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 1)).to.deep.equal([1]);
  });

  it('is accessible', async () => {
    const m = mount(<Harness />);
    await expect(m.host).to.be.accessible();
  });

  it('goes through pages from the keyboard', async () => {
    const m = mount(<Harness />);
    const current = () => m.$('[aria-current="page"]').textContent;
    const prev = m.$<HTMLButtonElement>('.lp-pagination__button');
    expect(prev.disabled).to.equal(true);
    m.$('[aria-current="page"]').focus();
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(current()).to.equal('2');
    expect(prev.disabled).to.equal(false);
    const next = m.$$<HTMLButtonElement>('.lp-pagination__button').at(-1) as HTMLButtonElement;
    next.focus();
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Space' });
    await settle();
    expect(current()).to.equal('4');
    expect(deepActive()).to.equal(next);
    const last = m.$$('.lp-pagination__button').find((b) => b.textContent === '20') as HTMLElement;
    last.focus();
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(current()).to.equal('20');
    expect(next.disabled).to.equal(true);
    m.$('select').focus();
    await sendKeys({ press: 'ArrowDown' });
    await settle();
    expect(m.$('.lp-pagination__total').textContent).to.contain('200');
    expect(current()).to.equal('1');
    expect(m.$$('.lp-pagination__button').find((b) => b.textContent === '10')).to.not.equal(undefined);
  });
});
