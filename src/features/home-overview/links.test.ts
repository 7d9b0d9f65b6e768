import { describe, expect, it } from 'vitest';
import { readStockAddress } from '../inventory-table/address.ts';
import { MATERIAL_INVENTORY_PATH, INVENTORY_PATH } from '../inventory-table/inventory-table.tsx';
import { NO_FILTERS, readAddress } from '../order-list/filters.ts';
import {
  answeredModificationsLink,
  documentsLink,
  draftLink,
  dueLink,
  excursionLink,
  statusLink,
  stockLink,
} from './links.ts';

describe('the overview’s links', () => {
  it('open the order list with the filters their numbers count (as the list reads its address)', () => {
    const filtersOf = (href: string) => readAddress(new URL(href, location.origin).search).filters;
    expect(filtersOf(statusLink('pending_approval'))).to.include({ status: 'pending_approval' });
    expect(statusLink('all')).to.equal('/customer-order/index');
    expect(filtersOf(excursionLink('high'))).to.include({ status: 'not_finished', excursion: 'high' });
    expect(filtersOf(dueLink('today'))).to.include({ status: 'not_finished', due: 'today' });
    expect(filtersOf(dueLink('late'))).to.include({ status: 'not_finished', due: 'late' });
    // answered modifications: orders of every status (an accepted cancel cancelled its order)
    expect(filtersOf(answeredModificationsLink())).to.deep.equal({
      ...NO_FILTERS,
      modification: 'answered',
    });
  });

  it('open the documents page on a state’s tab and the editor on a draft', () => {
    expect(documentsLink('rejected')).to.equal('/customer-order/attachment?state=rejected');
    expect(draftLink(42)).to.equal('/customer-order/create?draft-id=42');
  });

  it('open the inventory page of a goods type on its tab, limited to the stock they count', () => {
    const opened = (href: string) => {
      const url = new URL(href, location.origin);
      return { path: url.pathname, ...readStockAddress(url.search) };
    };
    expect(opened(stockLink('low', 1))).to.deep.equal({ path: INVENTORY_PATH, tab: null, attention: 'low' });
    expect(opened(stockLink('expiring', 2))).to.deep.equal({
      path: INVENTORY_PATH,
      tab: 'samples',
      attention: 'expiring',
    });
    expect(opened(stockLink('low', 3))).to.deep.equal({
      path: MATERIAL_INVENTORY_PATH,
      tab: null,
      attention: 'low',
    });
  });
});
