import { expect } from '@open-wc/testing';
import { secondsLeft } from './sms-countdown.ts';
import { validateEdit, validateReset } from './validate.ts';

describe('password form checks', () => {
  const reset = {
    account: 'demo',
    oldPassword: 'x',
    newPassword: 'Fresh#2026pw',
    confirmPassword: 'Fresh#2026pw',
  };

  it('accepts a complete reset form and names each problem of a bad one', () => {
    expect(validateReset(reset)).to.deep.equal({});
    expect(
      validateReset({ account: '  ', oldPassword: '', newPassword: '', confirmPassword: '' }),
    ).to.deep.equal({
      account: 'account.error.accountRequired',
      oldPassword: 'account.error.oldRequired',
      newPassword: 'account.error.newRequired',
      confirmPassword: 'account.error.confirmRequired',
    });
    expect(validateReset({ ...reset, newPassword: 'Ab1!' }).newPassword).to.equal('account.error.length');
    expect(validateReset({ ...reset, newPassword: 'Ab cdef1!' }).newPassword).to.equal(
      'account.error.whitespace',
    );
    expect(validateReset({ ...reset, newPassword: 'abcdefgh1' }).newPassword).to.equal(
      'account.error.classes',
    );
    expect(validateReset({ ...reset, confirmPassword: 'Fresh#2026px' }).confirmPassword).to.equal(
      'account.error.mismatch',
    );
  });

  it('requires a special symbol, the mobile and the captcha in the edit form', () => {
    const edit = { account: 'multi', mobile: '13800138004', newPassword: 'Abcdefg1#', captcha: '123456' };
    expect(validateEdit(edit)).to.deep.equal({});
    expect(validateEdit({ ...edit, newPassword: 'Abcdefg12' }).newPassword).to.equal('account.error.special');
    expect(validateEdit({ ...edit, mobile: ' ', captcha: '' })).to.deep.equal({
      mobile: 'account.error.mobileRequired',
      captcha: 'account.error.captchaRequired',
    });
  });

  it('counts whole seconds down to zero', () => {
    expect(secondsLeft(60_000, 0)).to.equal(60);
    expect(secondsLeft(60_000, 500)).to.equal(60);
    expect(secondsLeft(60_000, 59_001)).to.equal(1);
    expect(secondsLeft(60_000, 61_000)).to.equal(0);
  });
});
