import { afterEach, describe, expect, it } from 'vitest';
import { sendKeys, waitUntil } from '../testing/commands.ts';
import { useState } from 'react';
import { FormField } from '../form/form-field.tsx';
import { cleanup, mount, settle } from '../testing/mount.tsx';
import { Select, type SelectFilter, type SelectOption } from './select.tsx';
import { usePinyinFilter } from './use-pinyin-filter.ts';

const hospitals: SelectOption[] = [
  { value: 'pumch', label: '北京协和医院' },
  { value: 'rj', label: '上海瑞金医院' },
  { value: 'hx', label: '四川大学华西医院' },
  { value: 'zs', label: '复旦大学附属中山医院', disabled: true },
  { value: 'xy', label: '中南大学湘雅医院', initials: 'znxyyy' },
];

function Picker({ onPick, pinyin = false }: { onPick?: (v: string) => void; pinyin?: boolean }) {
  const [value, setValue] = useState<string | null>(null);
  const pinyinFilter = usePinyinFilter(hospitals);
  return (
    <FormField label="Hospital" required>
      {(field) => (
        <Select
          {...field}
          options={hospitals}
          value={value}
          filter={pinyin ? pinyinFilter : undefined}
          onChange={(v) => {
            setValue(v);
            onPick?.(v);
          }}
        />
      )}
    </FormField>
  );
}

const options = (m: ReturnType<typeof mount>) => m.$$('[role="option"]').map((o) => o.textContent);

describe('Select', () => {
  afterEach(cleanup);

  it('is accessible closed and open', async () => {
    const m = mount(<Picker />);
    await expect(m.host).to.be.accessible();
    m.$('input').focus();
    await sendKeys({ press: 'ArrowDown' });
    await settle();
    expect(m.$('input').getAttribute('aria-expanded')).to.equal('true');
    await expect(m.host).to.be.accessible();
  });

  it('opens with ↓, moves with arrows past disabled options, picks with Enter, closes with Esc', async () => {
    const picked: string[] = [];
    const m = mount(<Picker onPick={(v) => picked.push(v)} />);
    const input = m.$<HTMLInputElement>('input');
    input.focus();
    await sendKeys({ press: 'ArrowDown' });
    await settle();
    expect(m.$('ul').matches(':popover-open')).to.equal(true);
    const active = () =>
      m.shadow.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(active()).to.equal('北京协和医院');
    await sendKeys({ press: 'ArrowUp' });
    expect(active()).to.equal('中南大学湘雅医院');
    await sendKeys({ press: 'ArrowUp' });
    expect(active()).to.equal('四川大学华西医院'); // skipped the disabled one
    await sendKeys({ press: 'Home' });
    expect(active()).to.equal('北京协和医院');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(picked).to.deep.equal(['rj']);
    expect(input.value).to.equal('上海瑞金医院');
    expect(input.getAttribute('aria-expanded')).to.equal('false');
    await sendKeys({ press: 'ArrowDown' });
    await settle();
    expect(m.$('[aria-selected="true"]').textContent).to.equal('上海瑞金医院');
    await sendKeys({ press: 'Escape' });
    await settle();
    expect(m.$('ul').matches(':popover-open')).to.equal(false);
    expect(input.value).to.equal('上海瑞金医院');
  });

  it('opens with an empty field showing the current choice as placeholder, so typing searches at once', async () => {
    const m = mount(<Picker pinyin />);
    const input = m.$<HTMLInputElement>('input');
    input.focus();
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(input.value).to.equal('上海瑞金医院');
    input.click();
    await settle();
    expect(input.getAttribute('aria-expanded')).to.equal('true');
    expect(input.value).to.equal('');
    expect(input.placeholder).to.equal('上海瑞金医院');
    await sendKeys({ type: 'hx' });
    await waitUntil(() => options(m).length === 1, 'pinyin initials never matched', { timeout: 5000 });
    expect(options(m)).to.deep.equal(['四川大学华西医院']);
    await sendKeys({ press: 'Escape' });
    await settle();
    expect(input.value, 'closing shows the current choice again').to.equal('上海瑞金医院');
  });

  it('filters by typed text and by pinyin initials', async () => {
    const picked: string[] = [];
    const m = mount(<Picker pinyin onPick={(v) => picked.push(v)} />);
    await settle();
    const input = m.$<HTMLInputElement>('input');
    input.focus();
    await sendKeys({ type: '大学' });
    await settle();
    expect(options(m)).to.deep.equal(['四川大学华西医院', '复旦大学附属中山医院', '中南大学湘雅医院']);
    await sendKeys({ press: 'Escape' });
    input.select();
    await sendKeys({ type: 'BJXH' });
    // pinyin-pro loads lazily; the list updates when it has
    await waitUntil(() => options(m).length === 1, 'pinyin initials never matched', { timeout: 5000 });
    expect(options(m)).to.deep.equal(['北京协和医院']);
    await sendKeys({ press: 'Enter' });
    expect(picked).to.deep.equal(['pumch']);
    input.select();
    await sendKeys({ type: 'zzz' });
    await settle();
    expect(options(m)).to.deep.equal([]);
    expect(m.$('.lp-select__empty').textContent).to.not.equal('');
  });

  it('keeps an option active when the list changes under the user (a filter that loads late)', async () => {
    const picked: string[] = [];
    const view = (filter: SelectFilter) => (
      <Select
        aria-label="Hospital"
        options={hospitals}
        value={null}
        filter={filter}
        onChange={(v) => picked.push(v)}
      />
    );
    const m = mount(view(() => []));
    m.$('input').focus();
    await sendKeys({ type: 'x' });
    await settle();
    expect(options(m)).to.deep.equal([]);
    m.render(view((list) => list.slice(1, 2)));
    await settle();
    await sendKeys({ press: 'Enter' });
    expect(picked).to.deep.equal(['rj']);
  });

  it('is labelled by its field and marked required', () => {
    const m = mount(<Picker />);
    const input = m.$('input');
    expect(m.$('label').getAttribute('for')).to.equal(input.id);
    expect(input.getAttribute('aria-required')).to.equal('true');
  });
});
