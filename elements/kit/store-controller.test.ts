import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { html, LitElement } from 'lit';
import { atom } from 'nanostores';
import { define } from './define.ts';
import { StoreController } from './store-controller.ts';

const $name = atom('');
const seen: [string, string][] = [];

class LpKitStoreProbe extends LitElement {
  readonly #name = new StoreController(this, $name, (value, previous) => seen.push([previous, value]));
  override render() {
    return html`<output>${this.#name.value || '-'}</output>`;
  }
}
define('lp-kit-store-probe', LpKitStoreProbe as unknown as CustomElementConstructor);

declare global {
  interface HTMLElementTagNameMap {
    'lp-kit-store-probe': LpKitStoreProbe;
  }
}

const shown = (el: LpKitStoreProbe) => el.shadowRoot?.querySelector('output')?.textContent;

describe('StoreController', () => {
  let el: LpKitStoreProbe;
  beforeEach(async () => {
    $name.set('');
    seen.length = 0;
    el = document.createElement('lp-kit-store-probe');
    document.body.append(el);
    await el.updateComplete;
  });
  afterEach(() => el.remove());

  it('renders the store and re-renders at once when it changes', async () => {
    expect(shown(el)).to.equal('-');
    $name.set('Ada');
    await el.updateComplete;
    expect(shown(el)).to.equal('Ada');
    expect(seen).to.deep.equal([['', 'Ada']]);
  });

  it('stops listening while disconnected and catches up on the change when connected again', async () => {
    $name.set('Ada');
    el.remove();
    $name.set('Bob');
    $name.set('');
    $name.set('Cy');
    expect(seen, 'nothing while away').to.deep.equal([['', 'Ada']]);
    document.body.append(el);
    await el.updateComplete;
    expect(shown(el)).to.equal('Cy');
    expect(seen, 'one catch-up from the last value seen').to.deep.equal([
      ['', 'Ada'],
      ['Ada', 'Cy'],
    ]);
    $name.set('Dee');
    await el.updateComplete;
    expect(seen.length, 'listening again, once').to.equal(3);
  });
});
