import { afterEach, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { readableShade } from '../../src/lib/colour.ts';
import { SIZE_ATTRIBUTE } from '../../src/stores/appearance.ts';
import {
  $settings,
  changeSetting,
  resetSettings,
  SETTINGS_KEY,
  type Settings,
  type Size,
} from '../../src/stores/settings.ts';
import { local } from '../../src/stores/storage.ts';
import { Button } from '../../src/ui/button/button.tsx';
import { settle } from '../../src/ui/testing/mount.tsx';
import { Table } from '../../src/ui/table/table.tsx';
import { define } from './define.ts';
import { ReactElement } from './react-element.ts';

const rows = [
  { id: 1, no: 'LP20261123001' },
  { id: 2, no: 'LP20261123002' },
];

/** An element with a kit button, field and table, like every feature element has. */
class LpSizeProbe extends ReactElement {
  protected render() {
    return createElement(
      'div',
      null,
      createElement(Button, { variant: 'primary', guardMs: 0 }, 'Search'),
      createElement('input', { className: 'lp-input', 'aria-label': 'Order no.' }),
      createElement(Table<(typeof rows)[number]>, {
        label: 'Orders',
        columns: [{ key: 'no', title: 'Order no.' }],
        rows,
        rowKey: (row) => row.id,
        height: 200,
      }),
    );
  }
}
define('lp-size-probe', LpSizeProbe);

declare global {
  interface HTMLElementTagNameMap {
    'lp-size-probe': LpSizeProbe;
  }
}

/** What the user sees of the element's kit parts, in px. */
function measure(el: HTMLElement) {
  const root = el.shadowRoot as ShadowRoot;
  const height = (selector: string) =>
    Math.round((root.querySelector(selector) as HTMLElement).getBoundingClientRect().height);
  const button = root.querySelector('.lp-button') as HTMLElement;
  return {
    button: height('.lp-button'),
    input: height('.lp-input'),
    header: height('.lp-table__header-row'),
    row: height('.lp-table__row'),
    text: getComputedStyle(button).fontSize,
  };
}

const made: Element[] = [];
function make(parent: ParentNode = document.body): LpSizeProbe {
  const el = document.createElement('lp-size-probe');
  parent.append(el);
  made.push(el);
  return el;
}

/** Several frames: React commits, then the table's row height follows its measured header. */
async function frames(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await settle();
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

describe('size and theme of the settings, in elements', () => {
  afterEach(() => {
    for (const el of made.splice(0)) el.remove();
    resetSettings();
    local.remove(SETTINGS_KEY);
  });

  it('draws controls, table rows and text at the chosen size, and back', async () => {
    const el = make();
    await frames();
    expect(el.hasAttribute(SIZE_ATTRIBUTE)).to.equal(false);
    expect(measure(el)).to.deep.equal({ button: 32, input: 32, header: 40, row: 40, text: '14px' });
    const expected: Record<Exclude<Size, 'default'>, ReturnType<typeof measure>> = {
      medium: { button: 30, input: 30, header: 36, row: 36, text: '14px' },
      small: { button: 28, input: 28, header: 32, row: 32, text: '13px' },
      mini: { button: 24, input: 24, header: 28, row: 28, text: '12px' },
    };
    for (const [size, sizes] of Object.entries(expected) as [Size, ReturnType<typeof measure>][]) {
      changeSetting('size', size);
      await frames();
      expect(el.getAttribute(SIZE_ATTRIBUTE)).to.equal(size);
      expect(measure(el), size).to.deep.equal(sizes);
    }
    changeSetting('size', 'default');
    await frames();
    expect(measure(el).button).to.equal(32);
  });

  it('keeps the choice for the next page (saved with the settings)', () => {
    changeSetting('size', 'small');
    expect(JSON.parse(local.get(SETTINGS_KEY) ?? '{}').size).to.equal('small');
  });

  it('an element added later, or embedded in another shadow root, starts at the page size', async () => {
    changeSetting('size', 'mini');
    const outer = document.createElement('div');
    document.body.append(outer);
    made.push(outer);
    const embedded = make(outer.attachShadow({ mode: 'open' }));
    const later = make();
    await frames();
    expect(measure(embedded).button).to.equal(24);
    expect(measure(later).row).to.equal(28);
    changeSetting('size', 'medium');
    await frames();
    expect([measure(embedded).button, measure(later).button]).to.deep.equal([30, 30]);
  });

  it('carries a chosen theme into the shadow root, with the shade that reads on white', async () => {
    const el = make();
    await frames();
    // the tokens as the kit's button reads them (its colours change through a transition)
    const token = (name: string) =>
      getComputedStyle(el.shadowRoot?.querySelector('.lp-button') as HTMLElement)
        .getPropertyValue(name)
        .trim();
    expect(token('--lp-color-primary')).to.equal('#0095a2');
    changeSetting('theme', '#52C41A');
    await frames();
    expect(token('--lp-color-primary')).to.equal('#52C41A');
    expect(token('--lp-color-primary-strong')).to.equal(readableShade('#52C41A'));
    expect($settings.get().theme).to.equal('#52C41A');
  });

  it("with the default choice a page's own size and tokens on an element stay; a removed one stops following", async () => {
    const style = document.createElement('style');
    style.textContent = 'lp-size-probe.tall { --lp-control-height: 44px; }';
    document.head.append(style);
    try {
      const tall = make();
      tall.classList.add('tall');
      const small = document.createElement('lp-size-probe');
      small.setAttribute(SIZE_ATTRIBUTE, 'small');
      document.body.append(small);
      made.push(small);
      await frames();
      expect(tall.getAttribute('style')).to.equal(null);
      expect(measure(tall).button).to.equal(44);
      expect(measure(small).button, "the page's size").to.equal(28);
      changeSetting('size', 'mini');
      await frames();
      expect(measure(small).button, "the user's choice wins").to.equal(24);
      changeSetting('size', 'default');
      await frames();
      expect(small.hasAttribute(SIZE_ATTRIBUTE)).to.equal(false);
      tall.remove();
      await settle();
      changeSetting('size', 'mini');
      expect(tall.hasAttribute(SIZE_ATTRIBUTE), 'not followed once removed').to.equal(false);
    } finally {
      style.remove();
    }
  });

  it('a settings store made by an older bundle of the page (no size) reads as the default size', async () => {
    const el = make();
    el.setAttribute(SIZE_ATTRIBUTE, 'small');
    const { size: _, ...older } = $settings.get();
    $settings.set(older as Settings);
    await frames();
    expect(el.getAttribute(SIZE_ATTRIBUTE)).to.equal('small');
    expect(measure(el).button).to.equal(28);
  });
});
