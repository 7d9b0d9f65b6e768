// Another provider system embedding <lp-customer-switcher> (served with a strict CSP: this module
// is the page's only script). It signs the user in against the portal's API unless the portal's
// Admin-Token cookie is already there (signed-in-page.js), then loads the element's standalone
// bundle.
import { $, runSignedInPage } from './signed-in-page.js';

await runSignedInPage({
  logKey: 'demo-switcher-log',
  async show({ logEvent }) {
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
  },
});
