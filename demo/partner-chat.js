// The partner's own single-page navigation: on a route change the page content is replaced and
// the chat element is taken out and put back (as many SPA layouts do). The conversation survives.
const PAGES = {
  home: ['欢迎 Welcome', 'Ask the chat anything about ordering, cold chain or your account.'],
  trials: [
    '临床试验 Trials',
    'Our trials ship with the provider: ask the chat about temperature excursions.',
  ],
};

function show(route) {
  const [title, text] = PAGES[route] ?? PAGES.home;
  document.getElementById('page-title').textContent = title;
  document.getElementById('page-text').textContent = text;
  const chat = document.querySelector('lp-chat-widget');
  if (chat) {
    const copy = chat.cloneNode(false);
    chat.remove();
    document.body.append(copy);
  }
}

document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[data-route]') : null;
  if (!link) return;
  event.preventDefault();
  history.pushState({ route: link.dataset.route }, '', link.href);
  show(link.dataset.route);
});
window.addEventListener('popstate', () => show(history.state?.route ?? 'home'));
