import { describe, expect, it } from 'vitest';
import type { RoutePage } from '../../src/stores/routes.ts';
import { matchPattern, normalizePath, resolvePath } from './match.ts';

const page = (path: string, component = 'lp-x'): RoutePage => ({
  path,
  name: path,
  component,
  title: path,
  meta: { title: path },
});
const pages = [
  page('/customer-order/index', 'lp-order-list'),
  page('/customer-order/view/:id', 'lp-order-view'),
];

describe('path matching', () => {
  it('takes numeric {id} parameters only', () => {
    expect(matchPattern('/customer-order/view/:id', '/customer-order/view/42')).toEqual({ id: '42' });
    expect(matchPattern('/customer-order/view/:id', '/customer-order/view/abc')).toBeNull();
    expect(matchPattern('/customer-order/view/:id', '/customer-order/view')).toBeNull();
  });

  it('normalizes query, hash and trailing slashes', () => {
    expect(normalizePath('/login?redirect=%2Fx#top')).toBe('/login');
    expect(normalizePath('/customer-order/index/')).toBe('/customer-order/index');
    expect(normalizePath('')).toBe('/');
  });

  it('resolves aliases, refresh redirects, static routes, menu pages and unknown paths', () => {
    expect(resolvePath('/', pages)).toEqual({ kind: 'alias', to: '/home/index' });
    expect(resolvePath('/home', pages)).toEqual({ kind: 'alias', to: '/home/index' });
    expect(resolvePath('/redirect/customer-order/index', pages)).toEqual({
      kind: 'redirect',
      to: '/customer-order/index',
    });
    expect(resolvePath('/login?redirect=/x', pages)).toMatchObject({
      kind: 'static',
      route: { page: 'login' },
    });
    expect(resolvePath('/customer-order/view/7', pages)).toMatchObject({
      kind: 'page',
      page: { component: 'lp-order-view' },
      params: { id: '7' },
    });
    expect(resolvePath('/nowhere', pages)).toEqual({ kind: 'unknown' });
  });
});
