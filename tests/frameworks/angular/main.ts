// Angular 21, compiled in the browser (JIT: the template compiler needs `'unsafe-eval'`, which this
// app's page alone is given; the elements need none). A real app compiles ahead of time; what the
// elements see is the same: `CUSTOM_ELEMENTS_SCHEMA`, `[open]` a property binding, `(lp-…)` a listener.
import '@angular/compiler';
import { Component, CUSTOM_ELEMENTS_SCHEMA, provideZonelessChangeDetection, signal } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { loadEmbeds, ORDER_NO } from '../shared/embeds.js';

const App = Component({
  selector: 'lp-test-app',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main>
      <nav>
        <button id="leave" type="button" (click)="page.set('b')">Other page</button>
        <button id="back" type="button" (click)="page.set('a')">Back</button>
      </nav>
      @if (page() === 'a') {
        <section id="page-a">
          <button id="open-chat" type="button" (click)="open.set(true)">Open the chat</button>
          <lp-chat-widget position="bottom-left" [open]="open()" (lp-chat-toggle)="onToggle($event)"></lp-chat-widget>
          <lp-order-status [attr.order-no]="orderNo" locale="en"></lp-order-status>
          <lp-customer-switcher></lp-customer-switcher>
        </section>
      } @else {
        <p id="page-b">Another page of the app</p>
      }
      <output id="events">{{ events().join(' ') }}</output>
    </main>
  `,
})(
  class {
    readonly page = signal<'a' | 'b'>('a');
    readonly open = signal(false);
    readonly events = signal<string[]>([]);
    readonly orderNo = ORDER_NO;
    onToggle(event: Event): void {
      const { open } = (event as CustomEvent<{ open: boolean }>).detail;
      this.open.set(open);
      this.events.update((all) => [...all, `toggle:${open}`]);
    }
  },
);

bootstrapApplication(App, { providers: [provideZonelessChangeDetection()] }).then(
  () => requestAnimationFrame(() => loadEmbeds()),
  (error: unknown) => console.error(error),
);
