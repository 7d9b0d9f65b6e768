import { afterEach, describe, expect, it } from 'vitest';
import { sendKeys } from '../testing/commands.ts';
import { useState } from 'react';
import { cleanup, mount, settle } from '../testing/mount.tsx';
import { FormField } from './form-field.tsx';

function Account() {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const error = touched && !value.trim() ? 'Please fill in the account' : null;
  return (
    <FormField label="Account" required error={error} hint="Your login name">
      {(field) => (
        <input
          {...field}
          className="lp-input"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onBlur={() => setTouched(true)}
        />
      )}
    </FormField>
  );
}

describe('FormField', () => {
  afterEach(cleanup);

  it('labels the control, marks it required and links the hint', async () => {
    const m = mount(<Account />);
    const input = m.$('input');
    expect(m.$('label').getAttribute('for')).to.equal(input.id);
    expect(input.hasAttribute('required')).to.equal(true);
    expect(m.shadow.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).to.equal(
      'Your login name',
    );
    await expect(m.host).to.be.accessible();
  });

  it('shows the validation message after leaving the field empty, linked by aria-describedby', async () => {
    const m = mount(
      <>
        <Account />
        <button type="button">next</button>
      </>,
    );
    const input = m.$('input');
    input.focus();
    await sendKeys({ press: 'Tab' });
    await settle();
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => m.shadow.getElementById(id)?.textContent)).to.deep.equal([
      'Please fill in the account',
      'Your login name',
    ]);
    await expect(m.host).to.be.accessible();
    input.focus();
    await sendKeys({ type: 'demo' });
    await settle();
    expect(input.hasAttribute('aria-invalid')).to.equal(false);
    expect(m.$$('.lp-field__error').length).to.equal(0);
  });
});
