import { describe, expect, it } from 'vitest';
import { filterQuery, hasFilters, listQuery, NO_FILTERS, readAddress, writeAddress } from './filters.ts';

describe('order list filters', () => {
  it('sends only the filters that are set, with the spec’s paging', () => {
    expect(listQuery({ page: 1, pageSize: 10, sort: null, filters: NO_FILTERS })).to.deep.equal({
      start: 0,
      limit: 10,
      currentPage: 1,
    });
    expect(
      listQuery({
        page: 3,
        pageSize: 20,
        sort: { key: 'created_at', desc: true },
        filters: { ...NO_FILTERS, status: 'finished', keyword: '  LP2026 ', excursion: 'any', pr_id: 7 },
      }),
    ).to.deep.equal({
      start: 40,
      limit: 20,
      currentPage: 3,
      sort: '-created_at',
      status: 'finished',
      keyword: 'LP2026',
      excursion: 'any',
      pr_id: 7,
    });
  });

  it('tells a filtered list from the plain one (the status tab is not a filter)', () => {
    expect(hasFilters({ ...NO_FILTERS, status: 'cancelled' })).to.equal(false);
    expect(hasFilters({ ...NO_FILTERS, keyword: ' ' })).to.equal(false);
    expect(hasFilters({ ...NO_FILTERS, date_to: '2026-11-01' })).to.equal(true);
    expect(hasFilters({ ...NO_FILTERS, due: 'late' })).to.equal(true);
    expect(hasFilters({ ...NO_FILTERS, modification: 'answered' })).to.equal(true);
  });

  it('keeps a list in the address and reads the same list back', () => {
    const state = {
      filters: {
        ...NO_FILTERS,
        status: 'pending_confirm' as const,
        keyword: '上海 LP',
        temp_class: 'frozen' as const,
        order_type: 'dtp' as const,
        due: 'today' as const,
        date_from: '2026-10-01',
        date_to: '2026-10-31',
      },
      page: 4,
      pageSize: 50,
      sort: { key: 'order_no', desc: false },
    };
    const address = writeAddress(state);
    expect(address).to.contain('status=pending_confirm').and.contain('due=today');
    expect(readAddress(address)).to.deep.equal(state);
    expect(writeAddress({ filters: NO_FILTERS, page: 1, pageSize: 10, sort: null })).to.equal('');
  });

  it('reads the home page’s links: unfinished orders due today or late, answered modifications', () => {
    const read = readAddress('?status=not_finished&due=late');
    expect(read.filters).to.deep.equal({ ...NO_FILTERS, status: 'not_finished', due: 'late' });
    expect(filterQuery(read.filters)).to.deep.equal({ status: 'not_finished', due: 'late' });
    const answered = readAddress('?modification=answered');
    expect(answered.filters).to.deep.equal({ ...NO_FILTERS, modification: 'answered' });
    expect(filterQuery(answered.filters)).to.deep.equal({ modification: 'answered' });
    expect(writeAddress(answered)).to.equal('?modification=answered');
  });

  it('drops what it does not know from a hand-made address', () => {
    const read = readAddress(
      '?status=lost&order_type=boat&excursion=huge&due=tomorrow&modification=pending&date_from=1st&page=-2&limit=1000&sort=-password&pr_id=x',
    );
    expect(read).to.deep.equal({ filters: NO_FILTERS, page: 1, pageSize: 10, sort: null });
    expect(filterQuery(read.filters)).to.deep.equal({});
  });

  it('applies a date range only when its end is not before its start', () => {
    const range = (date_from: string, date_to: string) => filterQuery({ ...NO_FILTERS, date_from, date_to });
    expect(range('2026-11-01', '2026-11-20')).to.deep.equal({
      date_from: '2026-11-01',
      date_to: '2026-11-20',
    });
    expect(range('2026-11-20', '2026-11-20')).to.deep.equal({
      date_from: '2026-11-20',
      date_to: '2026-11-20',
    });
    expect(range('2026-11-20', '2026-11-01')).to.deep.equal({});
    expect(range('2026-11-20', '')).to.deep.equal({ date_from: '2026-11-20' });
  });
});
