import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendKeys, waitUntil } from '../testing/commands.ts';
import * as v from 'valibot';
import { Username } from '../../contract/fields.ts';
import { $locale, setLocale } from '../../i18n/translate.ts';
import { Button } from '../button/button.tsx';
import { cleanup, deepActive, mount, settle } from '../testing/mount.tsx';
import { SelectField } from './select-field.tsx';
import { TextAreaField } from './text-area-field.tsx';
import { TextField } from './text-field.tsx';
import { type Form, type FormValues, useForm } from './use-form.ts';

/** A small order form: the kinds of fields the order editor has, one of them in a goods list. */
const OrderForm = v.object({
  account: Username,
  temp_class: v.picklist(['ambient', 'chilled']),
  pickup_at: v.pipe(v.string(), v.isoDate()),
  goods: v.array(
    v.object({
      quantity: v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number), v.minValue(1)),
    }),
  ),
  remark: v.optional(v.pipe(v.string(), v.maxLength(20))),
});
type OrderValues = FormValues<typeof OrderForm>;
type OrderOutput = v.InferOutput<typeof OrderForm>;

const empty: OrderValues = {
  account: '',
  temp_class: '',
  pickup_at: '',
  goods: [{ quantity: '' }],
  remark: '',
};

interface Probe {
  form: Form<OrderValues>;
  sent: OrderOutput[];
  /** Settles the pending submit. */
  finish: () => void;
}

function OrderEditor({ probe, initial = empty }: { probe: Probe; initial?: OrderValues }) {
  const form = useForm({
    schema: OrderForm,
    initial,
    onSubmit: (output) =>
      new Promise<void>((resolve) => {
        probe.sent.push(output);
        probe.finish = resolve;
      }),
  });
  probe.form = form;
  return (
    <form noValidate onSubmit={(e) => void form.submit(e)}>
      <TextField {...form.field('account')} label="Account" />
      <SelectField
        {...form.field('temp_class')}
        label="Temperature"
        options={[
          { value: 'ambient', label: 'Ambient 15–25 °C' },
          { value: 'chilled', label: 'Chilled 2–8 °C' },
        ]}
      />
      <TextField {...form.field('pickup_at')} label="Pick-up date" type="date" />
      <TextField {...form.field('goods.0.quantity')} label="Quantity" type="number" inputMode="numeric" />
      <TextAreaField {...form.field('remark')} label="Remark" maxLength={20} counter />
      <Button type="submit" variant="primary" guardMs={0} loading={form.submitting}>
        Save
      </Button>
    </form>
  );
}

describe('useForm with the field components', () => {
  let locale = $locale.get();
  beforeEach(() => {
    locale = $locale.get();
    setLocale('en');
  });
  afterEach(() => {
    cleanup();
    setLocale(locale);
  });

  const start = (initial?: OrderValues) => {
    const probe: Probe = { form: null as unknown as Form<OrderValues>, sent: [], finish: () => undefined };
    const m = mount(<OrderEditor probe={probe} initial={initial} />);
    const field = (name: string) => m.$<HTMLElement>(`[name="${name}"], [data-name="${name}"]`);
    const control = (name: string) => {
      const el = field(name);
      return (el.matches('input, textarea') ? el : el.querySelector('input')) as HTMLInputElement;
    };
    const errorOf = (name: string) =>
      field(name).closest('.lp-field')?.querySelector('.lp-field__error')?.textContent ?? '';
    return { m, probe, control, errorOf };
  };

  it('marks required fields from the schema and wires label, message and aria-invalid', async () => {
    const { m, control, errorOf } = start();
    const marks = m
      .$$('.lp-field')
      .map((f) => [
        f.querySelector('label')?.textContent?.replace('*', ''),
        f.querySelector('.lp-field__required') !== null,
      ]);
    expect(marks).to.deep.equal([
      ['Account', true],
      ['Temperature', true],
      ['Pick-up date', true],
      ['Quantity', true],
      ['Remark', false],
    ]);
    control('account').focus();
    await sendKeys({ press: 'Tab' });
    await settle();
    expect(errorOf('account'), 'leaving the field shows its message').to.equal('Please fill in the account');
    expect(errorOf('pickup_at'), 'untouched fields stay quiet').to.equal('');
    const account = control('account');
    expect(account.getAttribute('aria-invalid')).to.equal('true');
    const described = account.getAttribute('aria-describedby') ?? '';
    expect(m.shadow.getElementById(described)?.textContent).to.equal('Please fill in the account');
    expect(m.shadow.querySelector(`label[for="${account.id}"]`)?.textContent).to.contain('Account');
    await expect(m.host).to.be.accessible();

    account.focus();
    await sendKeys({ type: 'demo' });
    await settle();
    expect(errorOf('account'), 'a fixed field clears its message as it is typed').to.equal('');
  });

  it('on submit shows every message, focuses the first invalid field and sends nothing', async () => {
    const { m, probe, control, errorOf } = start({ ...empty, account: 'demo', temp_class: 'chilled' });
    m.$<HTMLButtonElement>('button[type="submit"]').click();
    await waitUntil(() => errorOf('pickup_at') !== '');
    expect(errorOf('pickup_at')).to.equal('Please fill in this field');
    expect(errorOf('goods.0.quantity')).to.equal('Please fill in this field');
    expect(errorOf('remark')).to.equal('');
    expect(deepActive(), 'the first invalid field has the focus').to.equal(control('pickup_at'));
    expect(probe.sent).to.deep.equal([]);
    await expect(m.host).to.be.accessible();

    control('goods.0.quantity').focus();
    await sendKeys({ type: '0' });
    await settle();
    expect(errorOf('goods.0.quantity'), 'a nested field checks live after a submit').to.equal('At least 1');
  });

  it('sends the schema output once and keeps submit disabled until the call settles', async () => {
    const { m, probe, control } = start({
      account: '  demo ',
      temp_class: 'ambient',
      pickup_at: '2026-03-02',
      goods: [{ quantity: '12' }],
      remark: '',
    });
    const submit = m.$<HTMLButtonElement>('button[type="submit"]');
    control('remark').focus();
    await sendKeys({ type: 'keep cold' });
    await settle();
    expect(control('remark').closest('.lp-field')?.querySelector('.lp-field__aside')?.textContent).to.equal(
      '9 / 20',
    );
    submit.click();
    await waitUntil(() => probe.form.submitting);
    expect(submit.getAttribute('aria-disabled')).to.equal('true');
    expect(submit.getAttribute('aria-busy')).to.equal('true');
    submit.click();
    control('account').focus();
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(probe.sent, 'one call, with the trimmed account and the quantity as a number').to.deep.equal([
      {
        account: 'demo',
        temp_class: 'ambient',
        pickup_at: '2026-03-02',
        goods: [{ quantity: 12 }],
        remark: 'keep cold',
      },
    ]);
    probe.finish();
    await waitUntil(() => !probe.form.submitting);
    expect(submit.hasAttribute('aria-disabled')).to.equal(false);
  });

  it("shows a server's field messages (in the user's language already) on their fields, and hands back the rest", async () => {
    setLocale('zh-CN');
    const { m, probe, control, errorOf } = start({ ...empty, account: 'demo', temp_class: 'ambient' });
    let rest: string[] = [];
    probe.form.set('pickup_at', '2026-03-02');
    await settle();
    rest = probe.form.showServerErrors({
      'goods.0.quantity': '请填写整数',
      pickup_at: '仓库周日不发货',
      cu_id: '手机号与本账号登记的不一致',
    });
    await settle();
    expect(errorOf('goods.0.quantity')).to.equal('请填写整数');
    expect(errorOf('pickup_at'), 'a message shows as the server wrote it').to.equal('仓库周日不发货');
    expect(rest, 'no field shows cu_id: the caller says it').to.deep.equal(['手机号与本账号登记的不一致']);
    expect(deepActive(), 'the first field with a server message has the focus').to.equal(
      control('pickup_at'),
    );
    await expect(m.host).to.be.accessible();

    control('pickup_at').focus();
    await sendKeys({ press: 'ArrowUp' });
    await settle();
    expect(errorOf('pickup_at'), 'changing the field clears its server message').to.equal('');
    setLocale('en');
    probe.form.set('goods.0.quantity', 'x');
    await settle();
    probe.form.check('goods.0.quantity');
    await settle();
    expect(errorOf('goods.0.quantity'), "the form's own messages follow the language").to.equal(
      'This value is not valid',
    );
  });

  it('checks one field on demand (before a send-code button acts) and focuses it when invalid', async () => {
    const { m, probe, control, errorOf } = start();
    m.$<HTMLButtonElement>('button[type="submit"]').focus();
    let ok = true;
    ok = probe.form.check('account');
    await settle();
    expect(ok).to.equal(false);
    expect(errorOf('account')).to.equal('Please fill in the account');
    expect(errorOf('pickup_at')).to.equal('');
    expect(deepActive()).to.equal(control('account'));
  });

  it('shows the select message when the select is left without a choice', async () => {
    const { control, errorOf } = start();
    control('temp_class').focus();
    await sendKeys({ press: 'Tab' });
    await settle();
    expect(errorOf('temp_class')).to.equal('Please fill in this field');
    control('temp_class').focus();
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(errorOf('temp_class')).to.equal('');
    expect(control('temp_class').value).to.equal('Ambient 15–25 °C');
  });
});
