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

  it('gives the print view the other orders of a bulk print (&with=…), and only to a print view', () => {
    expect(pageAttributes('lp-order-view', { id: '42' }, '?print=1&with=43,44')).toMatchObject({
      print: true,
      'print-with': '43,44',
    });
    expect(pageAttributes('lp-order-view', { id: '42' }, '?with=43,44')['print-with']).toBeUndefined();
  });

  it('gives the order editor its mode, order, draft and form key from the query', () => {
    const editor = (search: string) => pageAttributes('lp-order-editor', {}, search);
    expect(editor('')).toMatchObject({ mode: 'new', 'order-id': undefined, 'draft-id': undefined });
    expect(editor('?id=42')).toMatchObject({ mode: 'edit', 'order-id': '42' });
    expect(editor('?mode=copy&id=42')).toMatchObject({ mode: 'copy', 'order-id': '42' });
    expect(editor('?copy=42')).toMatchObject({ mode: 'copy', 'order-id': '42' });
    expect(editor('?mode=copy&order-id=42')).toMatchObject({ mode: 'copy', 'order-id': '42' });
    expect(editor('?draft-id=3&form-key=abc-123-def')).toMatchObject({
      mode: 'new',
      'draft-id': '3',
      'form-key': 'abc-123-def',
    });
    expect(editor('?id=0&draft-id=x')).toMatchObject({
      mode: 'new',
      'order-id': undefined,
      'draft-id': undefined,
    });
  });
});
