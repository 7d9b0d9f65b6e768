import { describe, expect, it } from 'vitest';
import { MIX } from './load-mix.ts';
import { parseMix } from './mix-setting.ts';

describe('parseMix (BENCH_MIX)', () => {
  it('is the realistic mix when unset', () => {
    expect(parseMix(undefined)).toEqual(MIX);
    expect(parseMix(' ')).toEqual(MIX);
  });

  it('weighs the kinds named and nothing else', () => {
    expect(parseMix('list')).toEqual({ list: 1, view: 0, chat: 0, draft: 0, create: 0, upload: 0 });
    expect(parseMix('view:25, list:30')).toMatchObject({ view: 25, list: 30, chat: 0 });
  });

  it('refuses an unknown kind, a bad weight and an empty mix', () => {
    expect(() => parseMix('lists:3')).toThrow(/unknown kind "lists"/);
    expect(() => parseMix('list:-1')).toThrow(/≥ 0/);
    expect(() => parseMix('list:0')).toThrow(/every weight is 0/);
  });
});
