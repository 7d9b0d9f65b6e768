import { describe, expect, it } from 'vitest';
import { type Locale, type MessageKey, t } from '../../i18n/translate.ts';
import { openingHoursLines } from './opening-hours.ts';

const inLocale = (locale: Locale) => (key: MessageKey, params?: Record<string, string | number>) =>
  t(key, params, locale);

describe('opening hours in words', () => {
  it('names runs of days, around the clock, and the closed days, in both languages', () => {
    const office = [
      { from_day: 1, to_day: 5, open: '08:30', close: '18:00' },
      { from_day: 6, to_day: 6, open: '09:00', close: '12:00' },
    ];
    expect(openingHoursLines(office, inLocale('zh-CN'))).to.deep.equal([
      '周一至周五 08:30–18:00',
      '周六 09:00–12:00',
      '周日休息',
    ]);
    expect(openingHoursLines(office, inLocale('en'))).to.deep.equal([
      'Mon–Fri: 08:30–18:00',
      'Sat: 09:00–12:00',
      'Closed Sun',
    ]);
    const always = [{ from_day: 1, to_day: 7, open: '00:00', close: '24:00' }];
    expect(openingHoursLines(always, inLocale('zh-CN'))).to.deep.equal(['每天 24 小时']);
    expect(openingHoursLines(always, inLocale('en'))).to.deep.equal(['Every day: 24 hours']);
  });

  it('lists closed days that are not next to each other apart, and asks to call when there are no hours', () => {
    const split = [
      { from_day: 2, to_day: 3, open: '09:00', close: '17:00' },
      { from_day: 5, to_day: 6, open: '09:00', close: '17:00' },
    ];
    expect(openingHoursLines(split, inLocale('en')).at(-1)).to.equal('Closed Mon, Thu, Sun');
    expect(openingHoursLines(split, inLocale('zh-CN')).at(-1)).to.equal('周一、周四、周日休息');
    expect(openingHoursLines([], inLocale('en'))).to.deep.equal(['By appointment (please call)']);
    // two closed days in a row are named one by one, three or more as a run
    const weekdays = [{ from_day: 1, to_day: 5, open: '09:00', close: '17:30' }];
    expect(openingHoursLines(weekdays, inLocale('zh-CN')).at(-1)).to.equal('周六、周日休息');
    expect(openingHoursLines(weekdays, inLocale('en')).at(-1)).to.equal('Closed Sat, Sun');
    const short = [{ from_day: 1, to_day: 3, open: '09:00', close: '12:00' }];
    expect(openingHoursLines(short, inLocale('en')).at(-1)).to.equal('Closed Thu–Sun');
  });
});
