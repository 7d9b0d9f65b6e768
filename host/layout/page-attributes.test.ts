import { describe, expect, it } from 'vitest';
import { pageAttributes } from './page-attributes.ts';

describe('pageAttributes', () => {
  it('gives every page element the route id as record-id', () => {
    expect(pageAttributes('lp-order-list', {})).toEqual({ 'record-id': undefined });
    expect(pageAttributes('lp-project-view', { id: '7' })).toEqual({ 'record-id': '7' });
  });

  it('gives the order view its order-id and the print view for ?print=1', () => {
    expect(pageAttributes('lp-order-view', { id: '42' }, '')).toEqual({
      'record-id': '42',
      'order-id': '42',
      print: false,
    });
    expect(pageAttributes('lp-order-view', { id: '42' }, '?print=1').print).toBe(true);
    expect(pageAttributes('lp-order-view', { id: '42' }, '?print=0').print).toBe(false);
  });
});
