import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectConf } from '../../contract/master-data/schemas.ts';
import { $locale } from '../../i18n/translate.ts';
import {
  allowedBy,
  type CheckContext,
  checkForm,
  missingKinds,
  type EditorForm,
  type GoodsInfo,
  type Project,
  toRequest,
  withParty,
  withProject,
} from './form-model.ts';

const conf = (over: Partial<ProjectConf> = {}): ProjectConf => ({
  pr_id: 1,
  goods_types: [1, 2],
  temp_classes: ['chilled'],
  order_types: ['supply', 'sample'],
  required_attachments: [],
  dtp_allowed: false,
  time_limit_hours: null,
  ...over,
});
const project = (prId: number, over: Partial<ProjectConf> = {}): Project => ({
  pr_id: prId,
  protocol_no: `P-${prId}`,
  name: `项目${prId}`,
  status: 'active',
  pinyin: 'xm',
  conf: conf({ pr_id: prId, ...over }),
});

const now = new Date('2026-11-22T00:00:00Z');
const complete: EditorForm = {
  pr_id: 1,
  order_type: 'supply',
  to_goodstype: 1,
  is_dtp: 0,
  temp_class: 'chilled',
  from_company: '上海中心仓',
  from_contact: '张三',
  from_phone: '13900000001',
  from_address: '起运路1号',
  from_city_id: 11,
  to_company: '协和医院',
  to_contact: '李四',
  to_phone: '13900000002',
  to_address: '帅府园1号',
  to_city_id: 11,
  pickup_at: '2026-11-23T09:00:00+08:00',
  deliver_by: '2026-11-24T09:00:00+08:00',
  remark: '',
  goods: [{ in_id: 5, quantity: '3' }],
  boxes: [{ box_type: 'M' }],
  attachments: [],
};
const line = (available: number, refused: GoodsInfo['refused'] = null): GoodsInfo => ({
  code: 'D1',
  name: '药',
  spec: '',
  batch_no: 'B1',
  expiry: null,
  available,
  unit: 'box',
  depot: 'SH',
  warning: null,
  refused,
});
const context = (over: Partial<CheckContext> = {}): CheckContext => ({
  locale: 'en',
  allowed: allowedBy(conf()),
  now,
  goods: new Map([[5, line(10)]]),
  unserved: new Set(),
  ...over,
});

describe('order editor form model', () => {
  beforeAll(() => $locale.set('en'));

  it('a project limits the choices; its only class is taken, choices it refuses are cleared', () => {
    const form = withProject({ order_type: 'destroy', temp_class: 'frozen', is_dtp: 1 }, project(1));
    expect(form.pr_id).to.equal(1);
    expect(form.order_type).to.equal(null);
    expect(form.temp_class).to.equal('chilled');
    expect(form.is_dtp).to.equal(0);
    expect(allowedBy(conf({ dtp_allowed: true })).dtpKinds).to.deep.equal([0, 1, 3]);
    expect(allowedBy(undefined).orderTypes).to.deep.equal([]);
  });

  it('changing the project drops goods, boxes and the site; choosing it again keeps them', () => {
    const start: EditorForm = { ...complete, ho_id: 9 };
    expect(withProject(start, project(1)).goods).to.deep.equal(complete.goods);
    const moved = withProject(start, project(2));
    expect(moved.goods).to.deep.equal([]);
    expect(moved.boxes).to.deep.equal([]);
    expect(moved.ho_id).to.equal(null);
  });

  it('a pick fills one side and leaves what it does not name', () => {
    const form = withParty({ to_address: 'kept' }, 'to', {
      company: 'A',
      contact: 'B',
      phone: '1',
      ho_id: 4,
    });
    expect(form).to.include({
      to_company: 'A',
      to_contact: 'B',
      to_phone: '1',
      to_address: 'kept',
      ho_id: 4,
    });
    expect(form.from_company).to.equal(undefined);
  });

  it('a complete form passes and gives the request; an edit carries id and version', () => {
    const { problems, output } = checkForm(complete, context());
    expect([...problems.entries()]).to.deep.equal([]);
    expect(output?.goods).to.deep.equal([{ in_id: 5, quantity: 3 }]);
    const request = toRequest(output!, { orderId: 7, version: 2 });
    expect(request).to.include({ id: 7, version: 2 });
    expect(request).not.to.have.property('draft_id');
    expect(toRequest(output!, { orderId: null, version: null })).not.to.have.property('id');
  });

  it('field messages come from the shared schema in the user’s language', () => {
    const { problems, output } = checkForm({ ...complete, to_phone: 'abc', from_company: '' }, context());
    expect(output).to.equal(null);
    expect(problems.get('from_company')).to.equal('Please fill in this field');
    expect(problems.has('to_phone')).to.equal(true);
    const unset = checkForm({ ...complete, order_type: null, temp_class: undefined }, context());
    expect(unset.problems.get('order_type')).to.equal('Please choose one');
    expect(unset.problems.get('temp_class')).to.equal('Please choose one');
    const zh = checkForm({ ...complete, from_company: '' }, context({ locale: 'zh-CN' }));
    expect(zh.problems.get('from_company')).to.match(/[\u4e00-\u9fff]/);
  });

  it('refuses more than available, refused lines, unserved districts, past pickup and late delivery', () => {
    const { problems } = checkForm(
      {
        ...complete,
        goods: [
          { in_id: 5, quantity: '11' },
          { in_id: 6, quantity: '1' },
        ],
        pickup_at: '2026-11-21T09:00:00+08:00',
        deliver_by: '2026-11-20T09:00:00+08:00',
      },
      context({
        goods: new Map([
          [5, line(10)],
          [6, line(4, 'other_project')],
        ]),
        unserved: new Set([11]),
        notDistricts: new Set([11]),
        allowed: allowedBy(conf({ required_attachments: ['packing_list'] })),
      }),
    );
    expect(problems.get('goods.0.quantity')).to.equal('At most 10 available');
    expect(problems.get('goods.1.quantity')).to.equal('Belongs to another project');
    // a line an excursion holds back names its case when the server named it
    const held = (refused: 'on_hold' | 'quarantined', case_no: string | null) =>
      checkForm(
        { ...complete, goods: [{ in_id: 5, quantity: '1' }] },
        context({ goods: new Map([[5, { ...line(4, refused), case_no }]]) }),
      ).problems.get('goods.0.quantity');
    expect(held('quarantined', 'EXC-000123')).to.equal('Quarantined after excursion case EXC-000123');
    expect(held('on_hold', 'EXC-000007')).to.equal('On hold until excursion case EXC-000007 is decided');
    expect(held('on_hold', null)).to.equal('On hold until its temperature excursion is decided');
    expect(problems.get('from_city_id')).to.equal('Choose a district');
    expect(checkForm(complete, context({ unserved: new Set([11]) })).problems.get('to_city_id')).to.equal(
      'We do not deliver to this region yet',
    );
    expect(problems.get('pickup_at')).to.equal('The wanted pickup must be in the future');
    expect(problems.get('deliver_by')).to.equal('Deliver by must be after the wanted pickup');
    expect(problems.has('attachments')).to.equal(false);
  });

  it('names the required documents not uploaded yet, without refusing the order', () => {
    const allowed = allowedBy(conf({ required_attachments: ['packing_list', 'pod'] }));
    expect(missingKinds(complete, allowed)).to.deep.equal(['packing_list', 'pod']);
    const one = { ...complete, attachments: [{ file_id: 1, kind: 'pod' as const }] };
    expect(missingKinds(one, allowed)).to.deep.equal(['packing_list']);
    expect(checkForm(complete, context({ allowed })).output).not.to.equal(null);
  });
});
