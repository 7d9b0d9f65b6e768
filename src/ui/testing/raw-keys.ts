import * as addresses from '../../i18n/messages/addresses.ts';
import * as apiClients from '../../i18n/messages/api-clients.ts';
import * as api from '../../i18n/messages/api.ts';
import * as auditLog from '../../i18n/messages/audit-log.ts';
import * as chat from '../../i18n/messages/chat.ts';
import * as chatLauncher from '../../i18n/messages/chat-launcher.ts';
import * as common from '../../i18n/messages/common.ts';
import * as dataTable from '../../i18n/messages/data-table.ts';
import * as downloadCenter from '../../i18n/messages/download-center.ts';
import * as excursionCase from '../../i18n/messages/excursion-case.ts';
import * as excursionList from '../../i18n/messages/excursion-list.ts';
import * as excursions from '../../i18n/messages/excursions.ts';
import * as forgotPassword from '../../i18n/messages/forgot-password.ts';
import * as help from '../../i18n/messages/help.ts';
import * as homeOverview from '../../i18n/messages/home-overview.ts';
import * as host from '../../i18n/messages/host.ts';
import * as inventory from '../../i18n/messages/inventory.ts';
import * as notificationBell from '../../i18n/messages/notification-bell.ts';
import * as orderAttachments from '../../i18n/messages/order-attachments.ts';
import * as orderDrafts from '../../i18n/messages/order-drafts.ts';
import * as orderEditor from '../../i18n/messages/order-editor.ts';
import * as orderHistory from '../../i18n/messages/order-history.ts';
import * as orderList from '../../i18n/messages/order-list.ts';
import * as orderSign from '../../i18n/messages/order-sign.ts';
import * as orderView from '../../i18n/messages/order-view.ts';
import * as password from '../../i18n/messages/password.ts';
import * as projects from '../../i18n/messages/projects.ts';
import * as routes from '../../i18n/messages/routes.ts';
import * as session from '../../i18n/messages/session.ts';
import * as sessionsDialog from '../../i18n/messages/sessions-dialog.ts';
import * as sites from '../../i18n/messages/sites.ts';
import * as stability from '../../i18n/messages/stability.ts';
import * as stations from '../../i18n/messages/stations.ts';
import * as supplier from '../../i18n/messages/supplier.ts';
import * as switcher from '../../i18n/messages/switcher.ts';
import * as time from '../../i18n/messages/time.ts';
import * as tracking from '../../i18n/messages/tracking.ts';
import * as trackingCaptcha from '../../i18n/messages/tracking-captcha.ts';
import * as trackingChart from '../../i18n/messages/tracking-chart.ts';
import * as ui from '../../i18n/messages/ui.ts';
import * as webhookEndpoints from '../../i18n/messages/webhook-endpoints.ts';
import * as loginEnrol from '../../i18n/messages/login-enrol.ts';
import * as loginSecondFactor from '../../i18n/messages/login-second-factor.ts';
import * as singleSignOn from '../../i18n/messages/single-sign-on.ts';
import * as secondFactor from '../../i18n/messages/second-factor.ts';

/**
 * Finds message keys shown raw: `t()` falls back to the key when no registered area has it, so a
 * missing `import '…/i18n/areas/<area>.ts'` shows `chat.title` instead of a title. Reads the
 * messages modules only for their key prefixes (it registers nothing: that would hide the bug).
 */
const PREFIXES = new Set(
  [
    addresses,
    api,
    apiClients,
    auditLog,
    chat,
    chatLauncher,
    common,
    dataTable,
    downloadCenter,
    excursionCase,
    excursionList,
    excursions,
    forgotPassword,
    help,
    homeOverview,
    host,
    inventory,
    notificationBell,
    orderAttachments,
    orderDrafts,
    orderEditor,
    orderHistory,
    orderList,
    orderSign,
    orderView,
    password,
    projects,
    routes,
    session,
    sessionsDialog,
    sites,
    stability,
    stations,
    supplier,
    switcher,
    time,
    tracking,
    trackingCaptcha,
    trackingChart,
    ui,
    webhookEndpoints,
    loginEnrol,
    loginSecondFactor,
    secondFactor,
    singleSignOn,
  ].flatMap((m) => Object.keys(m.zh).map((key) => key.split('.')[0] as string)),
);

/** Attributes whose text a user sees or hears. */
const SPOKEN = ['aria-label', 'aria-description', 'title', 'placeholder', 'alt'];

/** Every text a user can see or hear in `node`, through open shadow roots (hidden text included). */
export function shownTexts(node: Node): string[] {
  const texts: string[] = [];
  const visit = (n: Node) => {
    if (n.nodeType === Node.TEXT_NODE) {
      const parent = n.parentElement?.localName;
      if (parent !== 'style' && parent !== 'script' && n.textContent?.trim())
        texts.push(n.textContent.trim());
      return;
    }
    if (n instanceof Element) {
      for (const name of SPOKEN) {
        const value = n.getAttribute(name);
        if (value?.trim()) texts.push(value.trim());
      }
      if (n.shadowRoot) visit(n.shadowRoot);
    }
    for (const child of Array.from(n.childNodes)) visit(child);
  };
  visit(node);
  return texts;
}

/**
 * The texts of `node` that look like a message key (`chat.title`, `orderList.status.pending`,
 * `account.password.submit`): a known area's prefix, a dot and more of the key.
 */
export function rawKeys(node: Node): string[] {
  return shownTexts(node).flatMap((text) =>
    [...text.matchAll(/\b([a-z][a-zA-Z0-9]*)\.[a-zA-Z0-9.]+\b/g)]
      .filter((m) => PREFIXES.has(m[1] as string))
      .map((m) => `${m[0]} (in "${text.slice(0, 60)}")`),
  );
}
