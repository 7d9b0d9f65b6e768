import { loadEmbeds, ORDER_NO } from '../shared/embeds.js';

// Plain HTML and DOM calls: attributes in markup, properties and listeners from script.
const app = document.getElementById('app');
const events = [];
const out = Object.assign(document.createElement('output'), { id: 'events' });

function pageA() {
  const section = Object.assign(document.createElement('section'), { id: 'page-a' });
  section.innerHTML = `<button id="open-chat" type="button">Open the chat</button>
    <lp-chat-widget position="bottom-left"></lp-chat-widget>
    <lp-order-status order-no="${ORDER_NO}" locale="en"></lp-order-status>
    <lp-customer-switcher></lp-customer-switcher>`;
  const chat = section.querySelector('lp-chat-widget');
  section.querySelector('#open-chat').addEventListener('click', () => {
    chat.open = true;
  });
  chat.addEventListener('lp-chat-toggle', (event) => {
    events.push(`toggle:${event.detail.open}`);
    out.textContent = events.join(' ');
  });
  return section;
}

const nav = document.createElement('nav');
nav.innerHTML =
  '<button id="leave" type="button">Other page</button><button id="back" type="button">Back</button>';
let current = pageA();
nav.querySelector('#leave').addEventListener('click', () => {
  const other = Object.assign(document.createElement('p'), {
    id: 'page-b',
    textContent: 'Another page of the app',
  });
  current.replaceWith(other);
  current = other;
});
nav.querySelector('#back').addEventListener('click', () => {
  if (current.id === 'page-a') return;
  const next = pageA();
  current.replaceWith(next);
  current = next;
});
const main = document.createElement('main');
main.append(nav, current, out);
app.append(main);
requestAnimationFrame(() => loadEmbeds());
