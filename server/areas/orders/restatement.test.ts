import { describe, expect, it } from 'vitest';
import { fold, placeNamesOf, restatementFinder } from './restatement.ts';

const places = placeNamesOf(
  ['上海市', '上海', '徐汇区', '徐汇', '北京市', '朝阳区', 'shanghai', 'xuhui'].map((n) => fold(n).text),
);
const patient = restatementFinder(
  [
    {
      company: '沈桂兰',
      contact: '沈桂兰',
      phone: '+86 139-5724-6813',
      address: '上海市徐汇区龙华西路 88 弄 6 号 502 室',
      sign_name: '沈桂兰',
    },
  ],
  places,
);
/** The text with what restates the patient shown as [..]. */
const marked = (text: string) => {
  let out = '';
  let at = 0;
  for (const [from, to] of patient.spans(text)) {
    out += `${text.slice(at, from)}[${text.slice(from, to)}]`;
    at = to;
  }
  return out + text.slice(at);
};

describe('restatementFinder', () => {
  it('finds the values in any ordinary spelling: spaces, full width, case, dashes, Chinese numerals, pinyin', () => {
    expect(marked('上海市 徐汇区 龙 华 西 路 ８８ 弄 6 号 502 室')).toBe(
      '[上海市 徐汇区 龙 华 西 路 ８８ 弄 6 号 502 室]',
    );
    expect(marked('请联系 沈 桂 兰 １３９－５７２４－６８１３ 谢谢')).toBe(
      '请联系 [沈 桂 兰 １３９－５７２４－６８１３] 谢谢',
    );
    expect(marked('电话 一三九五七二四六八一三')).toBe('电话 [一三九五七二四六八一三]');
    expect(marked('Deliver to SHEN Guìlán')).toBe('Deliver to [SHEN Guìlán]');
    expect(marked('ask for Guilan at the gate')).toBe('ask for [Guilan] at the gate');
  });

  it('finds meaningful parts: a street and its number, a building and room, the given name, the last 4 or any 5 digits', () => {
    expect(marked('徐汇区龙华西路88弄附近')).toBe('徐汇区[龙华西路88弄]附近');
    expect(marked('6号502室门口')).toBe('[6号502室]门口');
    expect(marked('桂兰阿姨')).toBe('[桂兰]阿姨');
    expect(marked('尾号6813')).toBe('尾号[6813]');
    expect(marked('转 95724')).toBe('转 [95724]');
  });

  it('leaves what is not the patient’s: place names, a street name alone, a room alone, short digit runs, words inside words', () => {
    for (const text of [
      '上海市徐汇区',
      'LP 上海徐汇配送中心',
      'Shanghai Xuhui hub',
      '龙华西路 1 号 LP 龙华配送点',
      '502室',
      '司机 马强 工号 5724',
      '上海—北京 干线运输',
      'Shenzhen transit',
    ])
      expect(marked(text)).toBe(text);
    const short = restatementFinder([{ contact: 'Li Na' }], places);
    expect(short.spans('Carolina depot')).toEqual([]);
    expect(short.spans('for Li Na')).toEqual([[4, 9]]);
  });
});
