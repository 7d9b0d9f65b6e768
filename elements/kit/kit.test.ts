import { afterEach, describe, expect, it } from 'vitest';
import { sendKeys, waitUntil } from '../../src/ui/testing/commands.ts';
import { createElement, useState } from 'react';
import { apiBase, setApiBase } from '../../src/api/config.ts';
import { $locale } from '../../src/i18n/locale.ts';
import { Button } from '../../src/ui/button/button.tsx';
import { settle as tick } from '../../src/ui/testing/mount.tsx';
import { tokensSheet } from '../../src/ui/tokens.ts';
import { define } from './define.ts';
import { dispatch } from './events.ts';
import { ReactElement } from './react-element.ts';

function Probe({
  host,
  label,
  open,
  count,
}: {
  host: HTMLElement;
  label: string | null;
  open: boolean;
  count: number | null;
}) {
  const [presses, setPresses] = useState(0);
  return createElement(
    'div',
    null,
    createElement('output', { className: 'state' }, `${label ?? '-'}|${open}|${count ?? '-'}|${presses}`),
    createElement(
      Button,
      {
        variant: 'primary',
        guardMs: 0,
        onClick: () => {
          setPresses((n) => n + 1);
          dispatch(host, 'lp-kit-probe-press', { presses: presses + 1 });
        },
      },
      'Press',
    ),
  );
}

class LpKitProbe extends ReactElement {
  static override properties = { label: 'string', open: 'boolean', count: 'number' } as const;
  static override styles = ':host { display: inline-block; }';
  declare label: string | null;
  declare open: boolean;
  declare count: number | null;
  protected render() {
    return createElement(Probe, { host: this, label: this.label, open: this.open, count: this.count });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'lp-kit-probe-press': CustomEvent<{ presses: number }>;
  }
  interface HTMLElementTagNameMap {
    'lp-kit-probe': LpKitProbe;
  }
}

const state = (el: HTMLElement) => el.shadowRoot?.querySelector('.state')?.textContent;
/**
 * Waits for an element's first draw: a transition (react-element.ts), which React may spread over
 * several tasks and frames when the machine is busy, so one settle() is not always enough.
 */
const drawn = (el: HTMLElement) =>
  waitUntil(() => state(el) !== undefined, 'the element drew', { timeout: 15_000 });
const made: Element[] = [];
function make<K extends keyof HTMLElementTagNameMap>(tag: K, parent: ParentNode = document.body) {
  const el = document.createElement(tag);
  parent.append(el);
  made.push(el);
  return el;
}

describe('element kit', () => {
  afterEach(() => {
    for (const el of made.splice(0)) el.remove();
  });

  it('defines once; defining again, or another class under the same tag, is harmless', () => {
    define('lp-kit-probe', LpKitProbe);
    define('lp-kit-probe', LpKitProbe);
    class Other extends ReactElement {
      protected render() {
        return null;
      }
    }
    define('lp-kit-probe', Other);
    expect(customElements.get('lp-kit-probe')).to.equal(LpKitProbe);
  });

  it('turns string, boolean and number attributes into properties, and reflects properties', async () => {
    define('lp-kit-probe', LpKitProbe);
    const el = make('lp-kit-probe');
    await drawn(el);
    expect(state(el)).to.equal('-|false|-|0');
    el.setAttribute('label', 'Hello');
    el.setAttribute('open', '');
    el.setAttribute('count', '42');
    await tick();
    expect([el.label, el.open, el.count]).to.deep.equal(['Hello', true, 42]);
    expect(state(el)).to.equal('Hello|true|42|0');
    el.removeAttribute('open');
    el.setAttribute('count', 'many');
    await tick();
    expect(state(el)).to.equal('Hello|false|-|0');
    el.open = true;
    el.count = 7;
    el.label = null;
    await tick();
    expect(el.hasAttribute('open')).to.equal(true);
    expect(el.getAttribute('count')).to.equal('7');
    expect(el.hasAttribute('label')).to.equal(false);
    expect(state(el)).to.equal('-|true|7|0');
  });

  it('reads a boolean attribute "false" as false (Vue 3 and Svelte 5 write it), anything else present as true', async () => {
    define('lp-kit-probe', LpKitProbe);
    const el = make('lp-kit-probe');
    await drawn(el);
    const read = (value: string) => {
      el.setAttribute('open', value);
      return el.open;
    };
    expect(['false', 'FALSE', 'False'].map(read)).to.deep.equal([false, false, false]);
    expect(['', 'true', 'open', '0'].map(read)).to.deep.equal([true, true, true, true]);
    el.setAttribute('open', 'false');
    await tick();
    expect(state(el)).to.equal('-|false|-|0');
    el.open = true;
    expect(el.getAttribute('open')).to.equal('');
  });

  it('takes api-base and locale like every element: page-wide, applied when set, kept when removed', async () => {
    define('lp-kit-probe', LpKitProbe);
    $locale.set('zh-CN');
    try {
      const el = document.createElement('lp-kit-probe');
      el.setAttribute('api-base', 'https://portal.example/api/');
      el.setAttribute('locale', 'en');
      expect([apiBase(), $locale.get()], 'applied when set').to.deep.equal([
        'https://portal.example/api',
        'en',
      ]);
      document.body.append(el);
      made.push(el);
      await tick();
      expect([el.apiBase, el.locale]).to.deep.equal(['https://portal.example/api/', 'en']);
      el.locale = 'zh-CN';
      expect($locale.get()).to.equal('zh-CN');
      el.setAttribute('locale', 'fr');
      expect($locale.get(), 'an unknown locale changes nothing').to.equal('zh-CN');
      el.removeAttribute('api-base');
      el.removeAttribute('locale');
      expect([apiBase(), $locale.get()], 'removing changes nothing').to.deep.equal([
        'https://portal.example/api',
        'zh-CN',
      ]);
      // a language chosen later by the page is not undone by the element re-rendering
      el.setAttribute('locale', 'en');
      $locale.set('zh-CN');
      el.setAttribute('label', 'again');
      await tick();
      expect($locale.get()).to.equal('zh-CN');
    } finally {
      setApiBase('');
      $locale.set('zh-CN');
    }
  });

  it('keeps properties set before the element was defined', async () => {
    const el = document.createElement('lp-kit-late') as HTMLElement & { count?: number };
    el.count = 3;
    document.body.append(el);
    made.push(el);
    class LpKitLate extends LpKitProbe {}
    define('lp-kit-late', LpKitLate);
    await drawn(el);
    expect(el.getAttribute('count')).to.equal('3');
    expect(state(el)).to.equal('-|false|3|0');
  });

  it('adopts tokens, kit and element sheets in its shadow root and adds nothing to the document', async () => {
    define('lp-kit-probe', LpKitProbe);
    const before = document.head.innerHTML;
    const el = make('lp-kit-probe');
    await tick();
    const sheets = el.shadowRoot?.adoptedStyleSheets ?? [];
    expect(sheets.length).to.equal(3);
    expect(sheets[0]).to.equal(tokensSheet());
    expect(getComputedStyle(el).display).to.equal('inline-block');
    expect(document.head.innerHTML).to.equal(before);
    expect(document.adoptedStyleSheets.length).to.equal(0);
  });

  it('dispatches lp-* events from the host that bubble out of enclosing shadow roots', async () => {
    define('lp-kit-probe', LpKitProbe);
    const outer = make('div' as keyof HTMLElementTagNameMap);
    const shadow = outer.attachShadow({ mode: 'open' });
    const el = document.createElement('lp-kit-probe');
    shadow.append(el);
    await drawn(el);
    const seen: { detail: number; target: EventTarget | null; composed: boolean }[] = [];
    const listener = (e: CustomEvent<{ presses: number }>) =>
      seen.push({ detail: e.detail.presses, target: e.target, composed: e.composed });
    document.addEventListener('lp-kit-probe-press', listener);
    el.shadowRoot?.querySelector('button')?.focus();
    await sendKeys({ press: 'Enter' });
    await tick();
    document.removeEventListener('lp-kit-probe-press', listener);
    // seen from the document, the target is retargeted to the outermost host
    expect(seen).to.deep.equal([{ detail: 1, target: outer, composed: true }]);
  });

  it('keeps its React state when moved in the DOM, and unmounts when removed', async () => {
    define('lp-kit-probe', LpKitProbe);
    const el = make('lp-kit-probe');
    await drawn(el);
    el.shadowRoot?.querySelector('button')?.click();
    await tick();
    expect(state(el)).to.equal('-|false|-|1');
    const other = make('section' as keyof HTMLElementTagNameMap);
    other.append(el);
    await tick();
    expect(state(el)).to.equal('-|false|-|1');
    el.remove();
    await tick();
    expect(el.shadowRoot?.querySelector('.state')).to.equal(null);
    document.body.append(el);
    await drawn(el);
    expect(state(el)).to.equal('-|false|-|0');
  });

  it('keeps its sizes whatever the page sets for rem and global font sizes', async () => {
    define('lp-kit-probe', LpKitProbe);
    const el = make('lp-kit-probe');
    await drawn(el);
    const button = el.shadowRoot?.querySelector('button') as HTMLElement;
    const measure = () => {
      const r = button.getBoundingClientRect();
      return {
        font: getComputedStyle(button).fontSize,
        w: r.width,
        h: r.height,
        out: getComputedStyle(el.shadowRoot?.querySelector('.state') as Element).fontSize,
      };
    };
    const plain = measure();
    const style = document.createElement('style');
    style.textContent = 'html { font-size: 40px } * { font-size: 30px; line-height: 3 }';
    document.head.append(style);
    try {
      expect(measure()).to.deep.equal(plain);
      expect(plain.font).to.equal('14px');
    } finally {
      style.remove();
    }
  });

  it('is accessible', async () => {
    define('lp-kit-probe', LpKitProbe);
    const el = make('lp-kit-probe');
    el.setAttribute('label', 'x');
    await drawn(el);
    await expect(el).to.be.accessible();
  });
});
