// Another provider system embedding <lp-customer-switcher> (served with a strict CSP: this file
// is the page's only script). It signs the user in against the portal's API unless the
// portal's Admin-Token cookie is already there, then loads the element's standalone bundle.

const TOKEN_COOKIE = 'Admin-Token';
const $ = (id) => document.getElementById(id);

function readCookie(name) {
  const prefix = `${encodeURIComponent(name)}=`;
  const item = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  return item ? decodeURIComponent(item.slice(prefix.length)) : '';
}

function writeCookie(name, value) {
  const expiry = value ? '' : '; max-age=0';
  // biome-ignore lint/suspicious/noDocumentCookie: the portal keeps its token in this cookie; a plain page has no helper
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax${expiry}`;
}

/** Calls the API (same origin: the demo server forwards /api/* to the portal server). GET without a body. */
async function api(path, body) {
  const headers = body === undefined ? {} : { 'content-type': 'application/json' };
  const token = readCookie(TOKEN_COOKIE);
  if (token) headers['X-Token'] = token;
  const init =
    body === undefined ? { method: 'GET', headers } : { method: 'POST', headers, body: JSON.stringify(body) };
  const response = await fetch(`/api/${path}.html`, init);
  return response.json();
}

/** True when the cookie's token still opens a session (a stale one would make the element send the page to /login). */
async function sessionIsLive() {
  try {
    return (await api('user/get-user-info')).code === 0;
  } catch {
    return false;
  }
}

const LOG_KEY = 'demo-switcher-log';

/** Adds a line to the page's event log (kept in sessionStorage: a switch reloads the page). */
function logEvent(text) {
  const lines = [
    ...JSON.parse(sessionStorage.getItem(LOG_KEY) ?? '[]'),
    `${new Date().toLocaleTimeString()}  ${text}`,
  ];
  sessionStorage.setItem(LOG_KEY, JSON.stringify(lines.slice(-20)));
  $('event-log').replaceChildren(
    ...lines.map((line) => {
      const item = document.createElement('li');
      item.textContent = line;
      return item;
    }),
  );
}

async function showSwitcher() {
  $('sign-in').hidden = true;
  $('signed-in').hidden = false;
  $('sign-out').hidden = false;
  // The bundles read the token from the cookie when they load, so load them after signing in.
  await Promise.all([import('/embed/lp-notices.js'), import('/embed/lp-customer-switcher.js')]);
  if (!document.querySelector('lp-notices')) document.body.append(document.createElement('lp-notices'));
  const switcher = document.createElement('lp-customer-switcher');
  switcher.setAttribute('api-base', '/api');
  switcher.setAttribute('locale', document.documentElement.lang === 'en' ? 'en' : 'zh-CN');
  switcher.addEventListener('lp-customer-change', (event) => {
    const { identifier, cu_name } = event.detail;
    logEvent(`lp-customer-change ${identifier} ${cu_name} (reloading)`);
  });
  $('switcher-slot').append(switcher);
  logEvent('switcher loaded');
}

function showSignIn() {
  $('sign-in').hidden = false;
  $('signed-in').hidden = true;
  $('sign-out').hidden = true;
}

$('sign-in-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = new FormData(event.currentTarget);
  $('sign-in-error').textContent = '';
  try {
    const answer = await api('user/login', {
      username: String(form.get('username') ?? '').trim(),
      password: String(form.get('password') ?? ''),
      validate: '',
    });
    if (answer.code !== 0) {
      $('sign-in-error').textContent =
        answer.code === 475
          ? 'Too many failures: sign in on the portal (it shows the captcha).'
          : answer.message;
      return;
    }
    writeCookie(TOKEN_COOKIE, answer.data.access_token);
    await showSwitcher();
  } catch {
    $('sign-in-error').textContent = 'The API could not be reached.';
  }
});

$('sign-out').addEventListener('click', async () => {
  try {
    await api('user/logout', {});
  } finally {
    writeCookie(TOKEN_COOKIE, '');
    sessionStorage.removeItem(LOG_KEY);
    location.reload();
  }
});

if (readCookie(TOKEN_COOKIE) && (await sessionIsLive())) await showSwitcher();
else {
  writeCookie(TOKEN_COOKIE, '');
  showSignIn();
}
