import { expect } from '@open-wc/testing';
import { readAddress } from '../order-list/filters.ts';
import { documentsLink, draftLink, dueLink, excursionLink, statusLink } from './links.ts';

describe('the overview’s links', () => {
  it('open the order list with the filters their numbers count (as the list reads its address)', () => {
    const filtersOf = (href: string) => readAddress(new URL(href, location.origin).search).filters;
    expect(filtersOf(statusLink('pending_approval'))).to.include({ status: 'pending_approval' });
    expect(statusLink('all')).to.equal('/customer-order/index');
    expect(filtersOf(excursionLink('high'))).to.include({ status: 'not_finished', excursion: 'high' });
    expect(filtersOf(dueLink('today'))).to.include({ status: 'not_finished', due: 'today' });
    expect(filtersOf(dueLink('late'))).to.include({ status: 'not_finished', due: 'late' });
  });

  it('open the documents page on a state’s tab and the editor on a draft', () => {
    expect(documentsLink('rejected')).to.equal('/customer-order/attachment?state=rejected');
    expect(draftLink(42)).to.equal('/customer-order/create?draft-id=42');
  });
});
