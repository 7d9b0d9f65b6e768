import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { sheet } from '../css.ts';
import { ChoiceGroup } from '../form/choice-group.tsx';
import { ListTable } from '../list-table/list-table.tsx';
import { SecretDialog } from '../secret/secret-dialog.tsx';
import { cleanup, mount, settle } from '../testing/mount.tsx';
import { adminPageStyles } from './admin-page.styles.ts';

/** Mounted with the sheet the admin pages adopt. */
function mountStyled(node: React.ReactNode) {
  const m = mount(node);
  m.shadow.adoptedStyleSheets = [...m.shadow.adoptedStyleSheets, sheet(adminPageStyles)];
  return m;
}

const rows = [
  { id: 1, name: 'IRT production', state: 'Active' },
  { id: 2, name: 'ERP', state: 'Revoked' },
];
const columns = [
  { key: 'name', title: 'Name', render: (r: (typeof rows)[number]) => r.name },
  { key: 'state', title: 'State', render: (r: (typeof rows)[number]) => r.state },
  {
    key: 'actions',
    title: 'Actions',
    render: (r: (typeof rows)[number]) => r.id === 1 && <button type="button">Revoke</button>,
  },
];

describe('the admin pages’ parts', () => {
  afterEach(cleanup);

  it('ListTable is a table with its headers when wide, and cards with each cell titled when narrow', async () => {
    const m = mountStyled(
      <div style={{ width: '900px' }}>
        <ListTable label="Clients" columns={columns} rows={rows} rowKey={(r) => r.id} />
      </div>,
    );
    await settle();
    expect(m.$$('th').map((th) => th.textContent)).to.deep.equal(['Name', 'State', 'Actions']);
    const label = m.$('.lp-list-table__label');
    expect(getComputedStyle(label).display).to.equal('none');
    expect(getComputedStyle(m.$('td')).display).to.equal('table-cell');
    await expect(m.host).to.be.accessible();
    (m.$('.lp-list-table').parentElement as HTMLElement).style.width = '340px';
    await settle();
    expect(getComputedStyle(label).display).to.equal('block');
    expect(getComputedStyle(m.$('td')).display).to.equal('grid');
    // a card leaves out a cell with nothing in it (a revoked client's actions)
    const actions = m.$$('tr td:last-child');
    expect(actions.map((td) => getComputedStyle(td).display)).to.deep.equal(['grid', 'none']);
    // a card's cell sits under its title, no wider than the list
    expect(m.$('tr:last-child td').getBoundingClientRect().width).to.be.at.most(340);
    await expect(m.host).to.be.accessible();
  });

  it('ChoiceGroup adds and takes away checkboxes, and keeps one radio', async () => {
    const seen: string[][] = [];
    function Scopes({ type }: { type: 'checkbox' | 'radio' }) {
      const [value, setValue] = useState<string[]>(['a']);
      return (
        <ChoiceGroup
          type={type}
          name={type}
          legend="Scopes"
          choices={[
            { value: 'a', label: 'Read', detail: 'orders:read' },
            { value: 'b', label: 'Write' },
          ]}
          value={value}
          onChange={(next) => {
            seen.push(next);
            setValue(next);
          }}
          hint="Never excursions:decide"
          error="Choose one"
        />
      );
    }
    const m = mountStyled(<Scopes type="checkbox" />);
    m.$<HTMLInputElement>('input[value="b"]').click();
    await settle();
    m.$<HTMLInputElement>('input[value="a"]').click();
    await settle();
    expect(seen).to.deep.equal([['a', 'b'], ['b']]);
    const described = m.$('fieldset').getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(described.map((id) => m.shadow.getElementById(id)?.textContent)).to.deep.equal([
      'Never excursions:decide',
      'Choose one',
    ]);
    await expect(m.host).to.be.accessible();
    m.unmount();
    seen.length = 0;
    const radios = mountStyled(<Scopes type="radio" />);
    radios.$<HTMLInputElement>('input[value="b"]').click();
    await settle();
    expect(seen).to.deep.equal([['b']]);
    expect(radios.$$<HTMLInputElement>('input:checked').map((i) => i.value)).to.deep.equal(['b']);
  });

  it('SecretDialog copies a value, or selects it when the clipboard is refused', async () => {
    const texts = { copy: 'Copy', copied: 'Copied', copyManual: 'Press Ctrl+C', close: 'Done' };
    const closed: number[] = [];
    const dialog = () =>
      mountStyled(
        <SecretDialog
          open
          title="Client created"
          warning="Shown once"
          onClose={() => closed.push(1)}
          items={[
            { label: 'Client id', value: 'lpc_1' },
            { label: 'Secret', value: 'lpcs_2', copy: true },
          ]}
          texts={texts}
        />,
      );
    const press = (m: ReturnType<typeof mountStyled>, label: string) =>
      m
        .$$<HTMLButtonElement>('button')
        .find((b) => b.textContent === label)
        ?.click();
    /** The page's clipboard for the test (headless Chromium's asks for a permission). */
    const setClipboard = (writeText: (text: string) => Promise<void>) =>
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const written: string[] = [];
    try {
      setClipboard(async (text) => void written.push(text));
      const m = dialog();
      await settle();
      expect(m.$('[role="alert"]').textContent).to.equal('Shown once');
      expect(m.$$('.lp-secret__value').map((c) => c.textContent)).to.deep.equal(['lpc_1', 'lpcs_2']);
      await expect(m.host).to.be.accessible();
      press(m, 'Copy');
      await settle();
      expect(written).to.deep.equal(['lpcs_2']);
      expect(m.$('[role="status"]').textContent).to.equal('Copied');
      press(m, 'Done');
      expect(closed).to.deep.equal([1]);
      m.unmount();
      setClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
      const refused = dialog();
      await settle();
      press(refused, 'Copy');
      await settle();
      expect(refused.$('[role="status"]').textContent).to.equal('Press Ctrl+C');
      expect(getSelection()?.toString()).to.equal('lpcs_2');
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
    }
  });
});
