import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ChangePasswdSubmit, UpdatePasswordRequest } from '../contract/accounts/schemas.ts';
import { type FieldPath, getPath, isWithin, type PathValue, setPath } from './form-paths.ts';
import { firstIssues, isRequiredSchema, schemaAt, validate } from './form-schema.ts';

const Order = v.object({
  note: v.optional(v.pipe(v.string(), v.maxLength(200))),
  temp_class: v.picklist(['ambient', 'chilled']),
  pickup_at: v.pipe(v.string(), v.isoDate()),
  goods: v.pipe(
    v.array(
      v.object({
        sku: v.pipe(v.string(), v.nonEmpty()),
        quantity: v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1)),
      }),
    ),
    v.minLength(1),
  ),
});
type OrderInput = v.InferInput<typeof Order>;

const zhT = 'zh-CN';
const enT = 'en';

/** The first message of each field, as a form shows them, in `lang`. */
function textsOf(schema: v.GenericSchema, input: unknown, lang = zhT): Record<string, string> {
  const result = validate(schema, input, lang);
  return Object.fromEntries(
    [...firstIssues(result.issues ?? [])].map(([path, issue]) => [path, issue.message]),
  );
}

describe('field messages', () => {
  it('shows the contract messages of the password forms in Chinese and in product English', () => {
    const empty = { username: ' ', old_password: '', new_password1: 'abc', new_password2: '' };
    expect(textsOf(UpdatePasswordRequest, empty)).toEqual({
      username: '请填写账号',
      old_password: '请填写原密码',
      new_password1: '请填写 8-16 位长度的字符',
      new_password2: '请再次填写新密码',
    });
    expect(textsOf(UpdatePasswordRequest, empty, enT)).toEqual({
      username: 'Please fill in the account',
      old_password: 'Please fill in the current password',
      new_password1: 'Please use 8–16 characters',
      new_password2: 'Please type the new password again',
    });
    const edit = { ur_account: 'demo', mobile: '12ab', captcha: '', ur_passwd: 'Kq7mPxw2z' };
    expect(textsOf(ChangePasswdSubmit, edit)).toEqual({
      mobile: '手机号格式不正确',
      captcha: '请填写 6 位验证码',
      ur_passwd: '密码不符合条件',
    });
  });

  it('names a check without a message of its own by its kind, keyed by dot path', () => {
    const order = {
      note: 'x'.repeat(201),
      temp_class: 'warm',
      pickup_at: '2026-02-30x',
      goods: [
        { sku: '', quantity: '2' },
        { sku: 'A', quantity: '0' },
      ],
    };
    expect(textsOf(Order, order)).toEqual({
      note: '最多 200 个字符',
      temp_class: '请选择列表中的一项',
      pickup_at: '请填写有效的日期',
      'goods.0.sku': '请填写此项',
      'goods.1.quantity': '不能小于 1',
    });
    expect(textsOf(Order, { ...order, goods: [] }, enT).goods).toBe('Please add at least 1');
  });
});

describe('form paths', () => {
  const values: OrderInput = {
    temp_class: 'ambient',
    pickup_at: '2026-03-01',
    goods: [{ sku: 'A', quantity: '1' }],
  };

  it('reads and writes nested values without touching the original', () => {
    const next = setPath(values, 'goods.0.quantity', '3');
    expect(getPath(next, 'goods.0.quantity')).toBe('3');
    expect(getPath(values, 'goods.0.quantity')).toBe('1');
    expect(next.goods).not.toBe(values.goods);
    expect(Array.isArray(next.goods)).toBe(true);
    expect(getPath(values, 'goods.4.sku')).toBeUndefined();
    expect(setPath(values, 'note', 'fragile').note).toBe('fragile');
    expect(isWithin('goods.0.quantity', 'goods')).toBe(true);
    expect(isWithin('goodsx', 'goods')).toBe(false);
  });

  it('types the paths and their values', () => {
    const quantity: PathValue<OrderInput, 'goods.0.quantity'> = '1';
    const paths: FieldPath<OrderInput>[] = ['note', 'goods', 'goods.0', 'goods.2.sku'];
    // @ts-expect-error not a path of the order
    const wrong: FieldPath<OrderInput> = 'goods.0.price';
    expect([quantity, paths.length, wrong]).toHaveLength(3);
  });
});

describe('form schemas', () => {
  it('tells which fields must be filled in, also inside lists', () => {
    const required = (path: string) => isRequiredSchema(schemaAt(Order, path));
    expect(required('temp_class')).toBe(true);
    expect(required('note')).toBe(false);
    expect(required('goods.3.sku')).toBe(true);
    expect(required('goods.3.nothing')).toBe(false);
    expect(isRequiredSchema(schemaAt(UpdatePasswordRequest, 'new_password2'))).toBe(true);
  });
});
