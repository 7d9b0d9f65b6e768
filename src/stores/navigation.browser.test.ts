import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setNavigation, setPageQuery } from './navigation.ts';

describe('setPageQuery: a page writes its own query into the address bar', () => {
  let start = '';
  beforeEach(() => {
    start = `${location.pathname}${location.search}${location.hash}`;
    history.replaceState(history.state, '', `${location.pathname}#top`);
  });
  afterEach(() => {
    history.replaceState(history.state, '', start);
  });

  it('replaces the query of its own page, keeping the hash and adding no history entry', () => {
    const entries = history.length;
    expect(setPageQuery(location.pathname, '?page=2&sort=newest')).to.equal(true);
    expect(location.search).to.equal('?page=2&sort=newest');
    expect(location.hash).to.equal('#top');
    expect(history.length).to.equal(entries);
  });

  it('pushes a new entry when asked, and none when the address already says it', () => {
    const entries = history.length;
    expect(setPageQuery(location.pathname, '?q=cold', 'push')).to.equal(true);
    expect(history.length).to.equal(entries + 1);
    expect(setPageQuery(location.pathname, '?q=cold', 'push')).to.equal(true);
    expect(history.length).to.equal(entries + 1);
    expect(location.search).to.equal('?q=cold');
  });

  it('leaves the address of another page alone', () => {
    const before = location.href;
    expect(setPageQuery('/customer-order/index', '?page=3')).to.equal(false);
    expect(setPageQuery('/customer-order/index', '?page=3', 'push')).to.equal(false);
    expect(location.href).to.equal(before);
  });

  it('goes through the navigation the host or a test wires in', () => {
    const calls: string[] = [];
    const restore = setNavigation({
      setQuery: (path, search, how) => {
        calls.push(`${how} ${path}${search}`);
        return true;
      },
    });
    try {
      expect(setPageQuery('/inventory/index', '?tab=low')).to.equal(true);
    } finally {
      restore();
    }
    expect(calls).to.deep.equal(['replace /inventory/index?tab=low']);
    expect(location.search).to.equal('');
  });
});
