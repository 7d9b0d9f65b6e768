import { describe, expect, it } from 'vitest';
import { choiceParam, idParam, listAddressCodec, textParam } from './list-address.ts';

interface Filters {
  keyword: string;
  kind: 'all' | 'start' | 'stop';
  pr_id: number | null;
}
const codec = listAddressCodec<Filters>(
  { keyword: textParam(), kind: choiceParam(['all', 'start', 'stop']), pr_id: idParam() },
  { filters: { keyword: '', kind: 'all', pr_id: null }, sorts: ['name', 'created_at'] },
);

describe('a list in the address', () => {
  it('writes only what differs from the defaults, and reads it back', () => {
    const defaults = codec.read('');
    expect(defaults).toEqual({
      filters: { keyword: '', kind: 'all', pr_id: null },
      page: 1,
      pageSize: 10,
      sort: null,
    });
    expect(codec.write(defaults)).toBe('');
    const list = {
      filters: { keyword: '协和 医院', kind: 'stop' as const, pr_id: 3 },
      page: 2,
      pageSize: 20,
      sort: { key: 'name', desc: true },
    };
    const address = codec.write(list);
    expect(address).toBe(
      '?keyword=%E5%8D%8F%E5%92%8C+%E5%8C%BB%E9%99%A2&kind=stop&pr_id=3&page=2&limit=20&sort=-name',
    );
    expect(codec.read(address)).toEqual(list);
  });

  it('reads a hand-edited address as a valid list: what it cannot take is the default', () => {
    expect(
      codec.read(`?kind=nope&pr_id=-1&page=0&limit=500&sort=password&keyword=${'x'.repeat(300)}`),
    ).toEqual({
      filters: { keyword: 'x'.repeat(100), kind: 'all', pr_id: null },
      page: 1,
      pageSize: 10,
      sort: null,
    });
    expect(codec.read('?pr_id=99999999999&sort=created_at').filters.pr_id).toBeNull();
    expect(codec.read('?sort=created_at').sort).toEqual({ key: 'created_at', desc: false });
  });

  it('leaves a blank keyword out', () => {
    expect(codec.write({ ...codec.read(''), filters: { keyword: '   ', kind: 'all', pr_id: null } })).toBe(
      '',
    );
  });
});
