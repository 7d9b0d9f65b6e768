// Another provider system embedding TWO React elements (served with a strict CSP: this module is
// the page's only script): <lp-customer-switcher> in the top bar and <lp-password-dialog> behind a
// button. Each comes from its own standalone bundle; both import the same React runtime chunk
// (dist/embed/chunks/react-<hash>.js), which the browser loads once. Signing in: signed-in-page.js.
import { $, runSignedInPage } from './signed-in-page.js';

await runSignedInPage({
  logKey: 'demo-warehouse-log',
  async show({ logEvent, signOut }) {
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
  },
});
