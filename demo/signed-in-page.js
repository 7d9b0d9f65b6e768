// What the demo pages of the provider's other systems share (customer-switcher.html,
// warehouse.html): the portal's Admin-Token cookie, a small sign-in form against the portal's API
// (same origin: the demo server forwards /api/* to the portal), sign-out, and an event log kept in
// sessionStorage (a customer switch reloads the page). Imported by each page's own module script.

const TOKEN_COOKIE = 'Admin-Token';
export const $ = (id) => document.getElementById(id);

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

/** True when the cookie's token still opens a session (a stale one would make an element send the page to /login). */
async function sessionIsLive() {
  try {
    return (await api('user/get-user-info')).code === 0;
  } catch {
    return false;
  }
}

/**
 * Runs a signed-in page: `show()` puts the page's elements in once the user is signed in (the
 * bundles read the token from the cookie when they load, so `show` loads them); until then the
 * sign-in form shows. Returns `logEvent(text)` and `signOut()` for the page's own handlers.
 */
export async function runSignedInPage({ logKey, show }) {
  const logEvent = (text) => {
    const lines = [
      ...JSON.parse(sessionStorage.getItem(logKey) ?? '[]'),
      `${new Date().toLocaleTimeString()}  ${text}`,
    ];
    sessionStorage.setItem(logKey, JSON.stringify(lines.slice(-20)));
    $('event-log').replaceChildren(
      ...lines.map((line) => {
        const item = document.createElement('li');
        item.textContent = line;
        return item;
      }),
    );
  };
  const signOut = () => {
    writeCookie(TOKEN_COOKIE, '');
    sessionStorage.removeItem(logKey);
    location.reload();
  };
  const page = { logEvent, signOut };
  const showSignedIn = async () => {
    $('sign-in').hidden = true;
    $('signed-in').hidden = false;
    $('sign-out').hidden = false;
    await show(page);
  };

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
      await showSignedIn();
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

  if (readCookie(TOKEN_COOKIE) && (await sessionIsLive())) await showSignedIn();
  else {
    writeCookie(TOKEN_COOKIE, '');
    $('sign-in').hidden = false;
    $('signed-in').hidden = true;
    $('sign-out').hidden = true;
  }
  return page;
}
