import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendKeys } from '../testing/commands.ts';
import { useState } from 'react';
import { $locale, setLocale } from '../../i18n/translate.ts';
import { cleanup, mount, settle } from '../testing/mount.tsx';
import { Checklist, type ChecklistItem, useChecklistAnnouncement } from './checklist.tsx';
import { TextField } from './text-field.tsx';

/** The text a screen reader reads (without aria-hidden parts such as the tick marks). */
function readable(el: Element | null): string {
  const copy = el?.cloneNode(true) as Element | undefined;
  for (const hidden of copy?.querySelectorAll('[aria-hidden="true"]') ?? []) hidden.remove();
  return copy?.textContent ?? '';
}

function Code() {
  const [value, setValue] = useState('');
  const items: ChecklistItem[] = [
    { id: 'length', label: '4 digits', met: /^\d{4}$/.test(value) },
    { id: 'even', label: 'Ends in an even digit', met: /[02468]$/.test(value) },
  ];
  const status = useChecklistAnnouncement(items);
  return (
    <TextField
      name="code"
      label="Code"
      value={value}
      onChange={setValue}
      hint={<Checklist items={items} label="Rules" />}
      status={status}
    />
  );
}

describe('Checklist', () => {
  let locale = $locale.get();
  beforeEach(() => {
    locale = $locale.get();
    setLocale('en');
  });
  afterEach(() => {
    cleanup();
    setLocale(locale);
  });

  it('describes the field with the rules, ticks them as the user types and reads out each change', async () => {
    const m = mount(<Code />);
    const input = m.$<HTMLInputElement>('input');
    const status = m.$('[role="status"]');
    const described = () =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => readable(m.shadow.getElementById(id)));
    expect(described()).to.deep.equal(['Not met: 4 digitsNot met: Ends in an even digit']);
    expect(status.textContent, 'nothing is read out before the user types').to.equal('');
    await expect(m.host).to.be.accessible();

    input.focus();
    await sendKeys({ type: '12' });
    await settle();
    expect(status.textContent).to.equal('Met: Ends in an even digit');
    expect(m.$$('[data-met]').map((li) => li.textContent)).to.deep.equal(['✓Met: Ends in an even digit']);
    expect(m.$$('li:not([data-met])').map((li) => li.textContent)).to.deep.equal(['○Not met: 4 digits']);
    await sendKeys({ type: '46' });
    await settle();
    expect(status.textContent).to.equal('Met: 4 digits');
    await sendKeys({ type: '5' });
    await settle();
    expect(status.textContent).to.equal('Not met: 4 digits; Not met: Ends in an even digit');
    expect(described()).to.deep.equal(['Not met: 4 digitsNot met: Ends in an even digit']);
    expect(status.closest('[aria-describedby]'), 'the live text is not part of the description').to.equal(
      null,
    );
    await expect(m.host).to.be.accessible();
  });
});
