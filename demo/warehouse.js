// Another provider system embedding TWO React elements (served with a strict CSP: this file is
// the page's only script): <lp-customer-switcher> in the top bar and <lp-password-dialog> behind a
// button. Each comes from its own standalone bundle; both import the same React runtime chunk
// (dist/embed/chunks/react-<hash>.js), which the browser loads once.

const TOKEN_COOKIE = 'Admin-Token';
const LOG_KEY = 'demo-warehouse-log';
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

async function sessionIsLive() {
  try {
    return (await api('user/get-user-info')).code === 0;
  } catch {
    return false;
  }
}

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

function signOut() {
  writeCookie(TOKEN_COOKIE, '');
  sessionStorage.removeItem(LOG_KEY);
  location.reload();
}

async function showElements() {
  $('sign-in').hidden = true;
  $('signed-in').hidden = false;
  $('sign-out').hidden = false;
  // The bundles read the token from the cookie when they load, so load them after signing in.
  await Promise.all([import('/embed/lp-customer-switcher.js'), import('/embed/lp-password-dialog.js')]);
  const locale = document.documentElement.lang === 'en' ? 'en' : 'zh-CN';

  const switcher = document.createElement('lp-customer-switcher');
  switcher.setAttribute('api-base', '/api');
  switcher.setAttribute('locale', locale);
  switcher.addEventListener('lp-customer-change', (event) => {
    const { identifier, cu_name } = event.detail;
    logEvent(`lp-customer-change ${identifier} ${cu_name} (reloading)`);
  });
  $('switcher-slot').append(switcher);

  const dialog = document.createElement('lp-password-dialog');
  dialog.setAttribute('mode', 'edit');
  dialog.setAttribute('api-base', '/api');
  dialog.setAttribute('locale', locale);
  dialog.addEventListener('lp-password-cancel', () => logEvent('lp-password-cancel'));
  // The server ended every session of the user: sign out here too.
  dialog.addEventListener('lp-password-change', () => signOut());
  document.body.append(dialog);
  $('change-password').hidden = false;
  $('change-password').addEventListener('click', () => dialog.show());
  logEvent('switcher and password dialog loaded');
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
    await showElements();
  } catch {
    $('sign-in-error').textContent = 'The API could not be reached.';
  }
});

$('sign-out').addEventListener('click', async () => {
  try {
    await api('user/logout', {});
  } finally {
    signOut();
  }
});

if (readCookie(TOKEN_COOKIE) && (await sessionIsLive())) await showElements();
else {
  writeCookie(TOKEN_COOKIE, '');
  showSignIn();
}
