import { afterEach, describe, expect, it } from 'vitest';
import { sendKeys } from '../../ui/testing/commands.ts';
import type { EditConflict, OrderDraftData } from '../../contract/order-editor/schemas.ts';
import { setLocale } from '../../i18n/translate.ts';
import { cleanup, deepActive, mount, settle } from '../../ui/testing/mount.tsx';
import { rawKeys } from '../../ui/testing/raw-keys.ts';
import { ConflictView } from './conflict-view.tsx';

const mine: OrderDraftData = {
  pr_id: 7,
  order_type: 'supply',
  to_company: 'Ruijin Hospital',
  to_contact: 'Dr Wang',
  to_phone: '13800000000',
  remark: 'keep cold',
  goods: [{ in_id: 1, quantity: 5 }],
};

/** The order as another session left it: the contact and remark changed, the phone shown masked. */
const conflict: EditConflict = {
  order: { id: 42, order_no: 'LP20261122000042', version: 3, status: 'pending_confirm' },
  form: {
    ...mine,
    to_contact: 'Dr Li',
    to_phone: '',
    remark: '',
    goods: [
      { in_id: 1, quantity: 5 },
      { in_id: 2, quantity: 1 },
    ],
  },
  cleared: ['to_phone'],
};

describe('ConflictView', () => {
  afterEach(() => {
    cleanup();
    setLocale('zh-CN');
  });

  it('names the fields that differ, mine beside theirs, with their labels (a masked field is not compared)', async () => {
    setLocale('en');
    const m = mount(
      <ConflictView
        conflict={conflict}
        mine={mine}
        onKeepMine={() => {}}
        onTakeTheirs={() => {}}
        onDiscard={() => {}}
      />,
    );
    await settle();
    const rows = m.$$('tbody tr').map((tr) => Array.from(tr.children).map((cell) => cell.textContent));
    expect(rows).to.deep.equal([
      ['Consignee Contact', 'Dr Wang', 'Dr Li'],
      ['Remark', 'keep cold', '(empty)'],
      ['Goods', 'Lines: 1', 'Lines: 2'],
    ]);
    expect(m.$('dialog').textContent).to.contain('LP20261122000042').and.contain('version 3');
    expect(rawKeys(m.host)).to.deep.equal([]);
    await expect(m.host).to.be.accessible();
  });

  it('keep mine resubmits with the current version; take theirs keeps my masked values; discard', async () => {
    const calls: unknown[] = [];
    const m = mount(
      <ConflictView
        conflict={conflict}
        mine={mine}
        onKeepMine={(version) => calls.push(['mine', version])}
        onTakeTheirs={(form, version) => calls.push(['theirs', form, version])}
        onDiscard={() => calls.push(['discard'])}
      />,
    );
    await settle();
    expect(deepActive()?.textContent).to.equal('保留我的内容并提交');
    await sendKeys({ press: 'Enter' });
    const buttons = m.$$<HTMLButtonElement>('dialog footer button, dialog button');
    buttons.find((b) => b.textContent === '采用当前订单')?.click();
    buttons.find((b) => b.textContent === '放弃修改')?.click();
    expect(calls).to.deep.equal([
      ['mine', 3],
      ['theirs', { ...conflict.form, to_phone: '13800000000' }, 3],
      ['discard'],
    ]);
  });

  it('says so when nothing differs', async () => {
    setLocale('en');
    const m = mount(
      <ConflictView
        conflict={{ ...conflict, form: mine, cleared: [] }}
        mine={{ ...mine, remark: 'keep cold' }}
        onKeepMine={() => {}}
        onTakeTheirs={() => {}}
        onDiscard={() => {}}
      />,
    );
    await settle();
    expect(m.$$('table')).to.have.length(0);
    expect(m.$('dialog').textContent).to.contain('No field differs');
  });
});
