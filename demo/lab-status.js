// A clinical lab's single-page app: two views ("Tracking" and "Intake") switched with
// history.pushState. On a route change the tracking element moves between the views' slots
// (taken out of the page and put back, as SPA layouts do) and the chat is re-created from its
// attributes. The element bundles are loaded from here, so the page keeps one external script.
import '/embed/lp-order-status.js';
import '/embed/lp-chat-widget.js';

const VIEWS = {
  lookup: {
    title: '样本追踪 Sample Tracking',
    text: "Lab staff look up an incoming sample shipment by its order number and the last 4 digits of the receiver's phone.",
    slot: 'slot-main',
  },
  intake: {
    title: '接收台 Intake Desk',
    text: 'Today’s deliveries are received here; the tracking lookup moves to the side panel.',
    slot: 'slot-side',
  },
};

const params = () => new URLSearchParams(location.search);

function show(route) {
  const view = VIEWS[route] ?? VIEWS.lookup;
  document.getElementById('view-title').textContent = view.title;
  document.getElementById('view-text').textContent = view.text;
  document.getElementById('side').hidden = view.slot !== 'slot-side';
  const status = document.querySelector('lp-order-status');
  const slot = document.getElementById(view.slot);
  if (status && status.parentElement !== slot) slot.append(status);
  const chat = document.querySelector('lp-chat-widget');
  if (chat) {
    const copy = chat.cloneNode(false);
    chat.remove();
    document.body.append(copy);
  }
  document.body.dataset.view = route in VIEWS ? route : 'lookup';
}

function setLanguage(locale) {
  document.documentElement.lang = locale;
  for (const el of document.querySelectorAll('lp-order-status, lp-chat-widget'))
    el.setAttribute('locale', locale);
}

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const link = target?.closest('a[data-route], a[data-lang]');
  if (target?.id === 'cookies-ok') target.closest('.lab-cookies')?.remove();
  if (!link) return;
  event.preventDefault();
  if (link.dataset.lang) {
    const next = new URL(location.href);
    next.searchParams.set('lang', link.dataset.lang);
    history.replaceState(history.state, '', next);
    setLanguage(link.dataset.lang);
    return;
  }
  const next = new URL(link.href);
  const lang = params().get('lang');
  if (lang) next.searchParams.set('lang', lang);
  history.pushState({ route: link.dataset.route }, '', next);
  show(link.dataset.route);
});
window.addEventListener('popstate', () => show(history.state?.route ?? params().get('view') ?? 'lookup'));

if (params().get('lang')) setLanguage(params().get('lang'));
show(params().get('view') ?? 'lookup');
