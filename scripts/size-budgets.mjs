/**
 * Brotli budgets in bytes (1 KB = 1000 bytes). `core` is the measured first load of
 * src/core.ts (API client, stores, helpers, i18n; lazy chunks such as pinyin-pro and fuse.js
 * not counted); `host-first-load` the scripts dist/host/index.html names; `data-table` the table's
 * chunk measured from source (scripts/size.mjs). `host+<path>` is that entry's first load minus the host's (an element on top of the
 * portal's shared chunks). Any other key is a path under dist/ (a file, or a
 * folder: the sum of its files); an embed entry `embed/lp-<name>.js` counts with the files it
 * imports statically (its first load); `embed/lp-<name>/<chunk>` is a lazy chunk of it by name
 * (without the hash); `host:<name>` is `dist/elements/<name>.js` with the chunks it imports
 * statically that its page has not loaded already: the signed-in page (dist/host/portal.html) for
 * an element that imports the layout's group (`chunks/portal-<hash>.js`), else the public page
 * (dist/host/index.html). Every element has a line for its embed (see
 * docs/decisions/element-anatomy.md, "Budgets"). `embed/lp-<name>/` (a lazy folder) counts its
 * files with what they import statically beyond the entry's first load (the shared React runtime
 * behind the chat panel). `embed-pair:lp-<a>+lp-<b>` is the second React element on a page: what
 * lp-<b>'s first load downloads that lp-<a>'s has not already (the React runtime,
 * `embed/chunks/react-<hash>.js`, is shared; docs/decisions/embed-runtime.md).
 */
export const budgets = {
  // 15.2 KB: the stores start a page load's first calls together (session, menu, accounts);
  // 15.6 KB once the transport takes the answers a signed-in page started early (src/api/early-calls.ts);
  // 15.9 KB with the menu titles of issue 33's pages (routes.ts: webhooks, API clients) at the edge
  // + 28 bytes (issue 34): the login keeps a 478 silent, the accounts list is not asked again once held
  core: 16_000,
  /**
   * The chat launcher a partner page loads first (a plain custom element; the React panel is a
   * lazy chunk beside it). 9.0 KB when it shipped (Lit), 11.5 KB by December 2026, 10.5 KB once
   * the panel's strings stayed with the panel (the launcher's two: messages/chat-launcher.ts).
   * Issue 35 asked for 8 KB: without Lit, 5.85 KB (5,852 bytes; docs/decisions/chat-widget.md).
   */
  'embed/lp-chat-widget.js': 5_900,
  /** The chat panel, loaded on the first open (React, the UI kit, DOMPurify, the chat's strings). */
  'embed/lp-chat-widget/': 90_000,
  /** The React runtime every React embed shares (React, ReactDOM and its client, the JSX runtime). */
  'embed/chunks/': 61_000,
  /**
   * The second React element on a partner page, beside one already loaded: its own code, kit and
   * stores, not React again (issue 12 asks for 30 KB; each carried React before: 70–85 KB).
   */
  'embed-pair:lp-customer-switcher+lp-password-dialog': 30_000,
  'embed-pair:lp-customer-switcher+lp-notices': 30_000,
  /**
   * Order tracking for partner pages (Lit, its own small API client, both languages' strings):
   * measured 14.7 KB; its temperature section (uPlot and the order view's chart, the readings in
   * words and a table, the chunk's strings) loads on "Show temperature" only: 23.2 KB. 15.0 KB
   * with the live stream of its order (live-view.ts: a ticket, an EventSource, its back-off).
   */
  'embed/lp-order-status.js': 15_400,
  'embed/lp-order-status/temperature-panel': 24_000,
  /** Its captcha (the image, or the code by SMS, and their strings): loaded when the server first asks for one: 2.2 KB. */
  'embed/lp-order-status/captcha-panel': 2_500,
  /** React elements: React and ReactDOM (~58 KB, the shared runtime chunk) with the kit, the stores they use and their feature. */
  'embed/lp-customer-switcher.js': 80_000,
  'embed/lp-download-center.js': 80_000,
  'embed/lp-notices.js': 72_000,
  'embed/lp-password-dialog.js': 86_000,
  /**
   * Two-step sign-in from the account menu (issue 34): the dialog, its calls, its strings and the
   * QR code (qrcode-generator's chunk, shared with the waybill). Measured 84.6 KB standalone and
   * 10.5 KB on top of the public page (3 files), 3 December 2026.
   */
  // + the passkeys section (list, add, remove; its strings and calls; the WebAuthn library stays
  // lazy): 86,141 bytes standalone and 12,025 on top of the public page, 3 December 2026
  'embed/lp-second-factor-dialog.js': 86_500,
  'host:second-factor-dialog': 12_300,
  /**
   * The person's sessions and the customer's session policy (issue 34), opened from the account
   * menu: its embed measured 79.8 KB (React, the kit, its strings); in the portal 4.9 KB over the
   * public page, loaded on the menu's "Sessions" only (the host's first load: the menu entry).
   */
  'embed/lp-sessions-dialog.js': 81_000,
  'host:sessions-dialog': 5_500,
  /** Its administrators' part (the policy form with "second factor required", the members' factors
   * and their reset: docs/decisions/second-factor-policy.md), lazy: 2.1 KB measured. */
  'embed/lp-sessions-dialog/admin-part': 2_500,
  'embed/lp-order-attachments.js': 86_000,

  /** The order view: its embed (React inside), the host's element on top of what the signed-in
   * page already loaded (15.6 KB since that page's layout group holds the kit's shared parts,
   * November 2026; 17.8 KB over the public page before), and its lazy chunks: the uPlot
   * temperature chart (shown with its section) and the waybill with its Code 128 and QR code
   * (shown with the print view). */
  // + the live changes' follower (src/stores/live-changes.ts, src/ui/use-changes.ts): 0.1–0.4 KB a page
  // +0.8 KB each: "where is it now" (issue 32): the route's styles and strings in both languages
  // and the lazy track section's loader; the route, its rules and the track points moved into
  // that chunk (below). host:order-view was 18.0 KB before it (over by 0.4 KB already), 18.8 after
  'embed/lp-order-view.js': 95_200,
  // +0.4 KB of it: the notification bell's chunk move (see project-view's line)
  'host:order-view': 19_000,
  /** The track section (issue 32): the route's schematic and its rules (src/contract/orders/where-now.ts),
   * the track points; lazy, with the section: 2.2 KB. */
  'embed/lp-order-view/track-section': 2_500,
  'embed/lp-order-view/temperature-chart': 23_000,
  'embed/lp-order-view/waybill': 10_000,
  /** "Share tracking" (dialog, its calls and the tracking contract's schemas): lazy, loaded on the
   * first open; measured 2.2 KB (the view's first load gains only its strings, both languages). */
  /** The history's change lines (an edit's or a request's fields, old → new) and their strings: 1.1 KB, with the first event that has changes. */
  'embed/lp-order-view/change-lines': 1_500,
  'embed/lp-order-view/share-dialog': 3_000,
  /** The change or cancellation request: its form, the contract's rules for the fields (valibot,
   * the schema messages) and the editor's phone and length rules: lazy, on the first open: 8.6 KB. */
  'embed/lp-order-view/apply-modify-dialog': 9_500,

  /**
   * The order list standalone: React, the kit, the data table, the list's feature and strings;
   * its cancel and merge dialogs are a lazy chunk. Issue 9 asks for 90 KB: 98.0 KB with TanStack
   * Table, 86.7 KB without (with its loading rows), 87.0 KB with the capped-count notice; 88.2 KB
   * once every element follows the size and theme of the settings (+0.9 to 1.0 KB in every embed);
   * 89.2 KB once cancel and merge say which selected orders are not open and an inverted date
   * range is said under its field (issue 29), within issue 9's 90 KB; 89.6 KB with one bulk print
   * of the selection and the China-time note (issue 29), still within 90 KB; 89.8 KB with the
   * pinned order number and the list kept in the address by the lists' shared codec (issue 29).
   */
  // 90.5 KB with rows as cards on a phone and the filters folded behind one button (issue 29):
  // 0.5 KB over issue 9's 90 KB, the price of a list a phone can read; 90.9 KB with saved views
  // (their code is a lazy chunk; their words in both languages are not)
  // +0.2 KB: a card leaves columns off and the whole card opens its order (issue 29)
  // +0.1 KB: the excursion pages' route titles in the shared catalogue (every embed carries them)
  // +0.9 KB: Last Event, Where and ETA with the at-risk badge, their styles and strings (issue 32)
  'embed/lp-order-list.js': 92_700,
  /**
   * The order list in the portal: what it adds on top of the host's shared chunks. Issue 9 asks
   * for 25 KB: 26.3 KB with TanStack Table (~12 KB of it), 14.8 KB without; 16.3 KB once the
   * editor and the draft box share its data table, list store and master-data calls (the build
   * puts what two pages share in a chunk of its own, counted here as the list's first load).
   */
  // +0.2 KB: the cards' one action and shorter cards (issue 29)
  // +1.5 KB: Last Event, Where and ETA with the at-risk badge, their styles and strings (issue 32);
  // 17.4 KB before them (over by 0.2 KB already), 18.9 after
  // +0.2 KB of it: the notification bell's chunk move (see project-view's line)
  'host+elements/order-list.js': 19_100,
  /**
   * The draft box standalone (React, the kit, the data table, its feature and strings), and in the
   * portal on top of the host's shared chunks (the data table is ~16 KB of it, shared with the
   * order list once both are open). Measured 98.5 KB and 26.9 KB; the `orderDrafts` strings
   * include the editor's status line and conflict view (~2 KB of both languages), which a split
   * area would take out of the draft box.
   */
  'embed/lp-order-drafts.js': 100_000,
  'host+elements/order-drafts.js': 27_500,
  /**
   * The address book standalone (React, the kit, the data table, tabs, dialog, form and select,
   * its feature and strings) and in the portal on top of the host's shared chunks (the data table
   * is ~16 KB of it, shared with the order list and the draft box once one is open). Measured
   * 92.2 KB and 21.8 KB (25.1 KB counting the chunks it shares with the host's other pages).
   */
  // +0.3 KB: the list kept in the address, the data table's cards and pinned columns (issue 29)
  // +0.2 KB: the data table's cards leave columns off and open their row (issue 29)
  // +0.1 KB: the excursion pages' route titles in the shared catalogue (every embed carries them)
  // +0.2 KB (issue 31): the data table's rows that cannot be selected (held stock), in every list
  // +0.1 KB (issue 35): the kit's boolean rule, `"false"` is false (5 bytes over 96.0 when made)
  'embed/lp-address-list.js': 96_100,
  'host+elements/address-list.js': 22_500,
  /**
   * The order editor standalone (React, the kit, select and dialog, the form with its pickers,
   * the draft store and the draft box's persistence, both languages’ strings): measured 102.0 KB;
   * 104.7 KB once every element follows the size and theme of the settings (+0.9 to 1.0 KB in every embed);
   * 105.0 KB once the kit's sheet carries the filter chip (src/ui/filter-chip, shared by the order list
   * and the inventory instead of a copy in each); 105.8 KB once the conflict view names projects,
   * districts and wanted times (not ids and raw ISO text) and saved times say China time (issue 29);
   * 106.4 KB with the reason an edit of a submitted order asks for, and the note that an approved
   * order goes back for approval (issue 30, both languages).
   */
  // +0.3 KB (issue 31): a line an excursion holds back is refused naming its case, in the stock search too
  // +0.1 KB (issue 35): the kit's boolean rule, `"false"` is false (18 bytes over 106.9 when made)
  'embed/lp-order-editor.js': 107_000,
  /**
   * The order editor in the portal, on top of the host's shared chunks: its form, its strings and
   * the draft box's persistence and conflict view (pinyin initials come from the server: pinyin-pro
   * is never loaded). Measured 30.8 KB; 32.5 KB once it starts from stock lines the inventory
   * hands over (`stock-ids`: the check, its messages in both languages); 33.8 KB once its address
   * pickers follow the address book's changes.
   */
  'host+elements/order-editor.js': 34_800,
  /**
   * The hospital (site) list standalone (React, the kit, the data table, dialog, its feature and
   * strings: 83.3 KB) and in the portal over the host's shared chunks (11.8 KB).
   * (+0.2 to 0.4 KB in every list, issue 29: the list kept in the address and pinned columns.)
   */
  // +0.2 KB (issue 31): the data table's unselectable rows and the excursion pages' route titles
  'embed/lp-hospital-list.js': 87_100,
  // +0.1 KB: the filters fold on a phone; +0.1 KB: the address read only when the list is shown,
  // a link changes it in one request (issue 29)
  // +0.1 KB (issue 30): the audit log is a list page too, and with one more element sharing the
  // list kit rollup's chunks of it split differently (measured 12.7 KB, 12,7xx bytes)
  // + the list store's background refresh (a change told live)
  'host+elements/hospital-list.js': 13_000,
  /** The region tree standalone (78.4 KB) and over the host's shared chunks (5.7 KB). */
  'embed/lp-city-list.js': 81_000,
  'host+elements/city-list.js': 5_900,
  /**
   * The public station list (/station) standalone (React, the kit's button and states, the
   * stations contract, its feature and both languages' strings: 76.6 KB) and over the host's
   * shared chunks: 4.1 KB alone, 10.1 KB once the supplier page landed beside it: rollup then
   * put the contract's validation messages (which the stations schemas name) into one chunk with
   * the kit's form checks, shared by the form pages and not part of the host's first load.
   * Filtering is local (pinyin initials come from the server).
   */
  'embed/lp-station-list.js': 79_500,
  'host+elements/station-list.js': 10_500,
  /**
   * The project list and one project's page, standalone (React, the kit, the data table, the
   * feature and the `projects` strings) and in the portal on top of the host's shared chunks:
   * measured 83.0 / 84.5 KB and 11.6 / 13.1 KB (the two share a `projects` strings chunk).
   * (+0.2 to 0.4 KB in every list, issue 29: the list kept in the address and pinned columns.)
   */
  // +0.2 KB: the whole card opens its project (issue 29)
  // +0.2 KB (issue 31): the data table's unselectable rows and the excursion pages' route titles
  'embed/lp-project-list.js': 86_500,
  'host+elements/project-list.js': 12_000,
  // +0.5 KB (issue 31): the stability budgets' section (its editor is a lazy chunk; an embed counts the
  // section's loader, its strings' area and the data table's unselectable rows)
  'embed/lp-project-view.js': 87_600,
  // + 0.1–0.4 KB: the notification bell, a new element of the top bar, moved rollup's shared
  // chunks (the contract's `operations` chunk is split among its importers now)
  'host+elements/project-view.js': 14_000,
  /**
   * The help centre standalone (React, the kit, DOMPurify for the answers, the chat's calls and
   * store for "ask in the chat", both languages' strings): measured 89.8 KB. In the portal, over
   * the host's chunks: 5.5 KB (its own code and strings; the answer rendering and the chat's
   * conversation code are chunks it shares with the chat panel: 20.6 KB with them, when the chat
   * was not opened yet).
   */
  'embed/lp-help-center.js': 93_000,
  'host+elements/help-center.js': 5_700,
  /**
   * A carrier's answer page (/supplier-allback): standalone 83.3 KB (React, the kit's form, its
   * feature and strings); in the portal, over what the portal page loaded, 13.0 KB: its own code
   * and both languages' strings 5.6 KB, the kit's form checks (valibot, shared with the other form
   * pages) 5.4 KB, the form hook 1.1 KB and its calls 0.9 KB. The host's page chunk is 1.0 KB.
   * 14.1 KB in November 2026, once the shared session stores learnt to tell a page that is leaving
   * (src/stores/page-leaving.ts) and the chunks were regrouped around it.
   */
  'embed/lp-supplier-callback.js': 86_000,
  // +0.6 KB with <lp-sessions-dialog> (issue 34): a new entry moved rollup's small chunk of the tracking
  // calls (contract/tracking, 1.5 KB raw) out of the host's main bundle (host first load 99.9 → 98.9 KB)
  // into a chunk of its own, which this element now loads beside the main one
  'host:supplier-callback': 14_800,
  /**
   * The portal page's scripts before any lazy chunk: what the login page runs (issue 4: ≤ 100 KB).
   * 99.9 KB until December 2026, then 97.9 KB once the layout's own CSS (menu, bar tools, tags,
   * page states, home, settings) left the main bundle for the layout's chunk
   * (host/layout/layout-parts.styles.ts): the login page never drew it.
   */
  'host-first-load': 100_000,
  /**
   * The inventory pages (issue 11), standalone and on top of the host's shared chunks: one
   * feature (tabs, filters, the data table, movements dialog, stock-outs, export, the order
   * handoff) behind both elements. Measured 91.7 / 91.6 KB and 23.3 / 23.2 KB; 94.0 KB standalone
   * in November 2026 with the reorder level column, its "Low stock" words and the `attention`
   * attribute (issue 16).
   * (+0.2 to 0.4 KB in every list, issue 29: the list kept in the address and pinned columns.)
   * (+0.1 KB, 28 November: a scroll restore follows a page still too short at its end; the
   * order list came back 250 px short after Back on a loaded machine. 35 bytes over 95.5.)
   */
  // +0.6 KB (issue 31): a line an excursion holds back says so in words, links its case and cannot be chosen
  'embed/lp-inventory-table.js': 96_400,
  // +0.5 KB: the filters fold on a phone, pinned columns; +0.2 KB: cards leave columns off and
  // open their row, a link changes the list in one request (setParams) (issue 29)
  // +0.2 KB each (issue 30): the audit log shares the list kit; the kit's chunks split anew (25.1 / 25.0 KB)
  // +0.5 KB (issue 31): the held line's badge, its case link and the reason it cannot be chosen
  // + 0.3–0.6 KB: the notification bell's chunk move (see project-view's line)
  // + 2 bytes (issue 34): the user info's `sso` in the accounts schemas it shares (26,402 bytes)
  'host+elements/inventory-table.js': 26_500,
  // +0.6 KB (issue 31): as the inventory table (the same table)
  // + 29 bytes (issue 34): the core's two fixes above (96,329 bytes)
  'embed/lp-material-inventory.js': 96_400,
  // + 0.3–0.6 KB: the notification bell's chunk move (see project-view's line)
  'host+elements/material-inventory.js': 26_300,
  /**
   * The customer's audit trail (issue 30): a list page of the list kit (its store and address,
   * filters, selects, pagination), its entries as sentences, its exports. Measured 84.3 KB
   * standalone and 14.5 KB over the host's chunks.
   */
  'embed/lp-audit-log.js': 86_000,
  // +0.1 KB (15.7 → 15.8): the words of issue 34's two actions, `password_reset_code` and
  // `password_reset`, in both languages (measured 15,715 bytes)
  // 15.8 KB: + the four second-factor actions' labels (issue 34) in both languages (measured 15.7 KB, over by bytes)
  // 15.9 KB: the three of issue 34 together (reset, second factor, session policy: 15,823 bytes)
  // 16.0 KB: + the policy's and single sign-on's five actions (second_factor_reset,
  // recovery_codes_renewed, sso_linked, sso_created, sso_deactivated) in both languages (15,902 bytes)
  // 16.4 KB: + passkey_added, passkey_removed, passkey_cloned in both languages (16,215 bytes)
  'host+elements/audit-log.js': 16_400,
  /**
   * The customer's webhooks (issue 33): its endpoints' table, the add/edit and secret dialogs, the
   * delivery log, both languages' strings. Measured 80.1 KB standalone and 12.5 KB on top of the
   * public page (it imports no list kit).
   * 81.6 KB and 14.9 KB once it shares its parts with the API clients' page (the admin page's
   * frame, the list table with its phone cards, the secret dialog with copy, the choice group and
   * their sheet: one 2.1 KB chunk the second of the two pages finds loaded) and the log's refresh.
   */
  'embed/lp-webhook-endpoints.js': 82_500,
  'host:webhook-endpoints': 15_500,
  /**
   * The customer's API clients (issue 33): the clients' table, the create, secret (copy) and
   * rotation dialogs, the revoke question, both languages' strings. Measured 80.2 KB standalone
   * and 6.5 KB on top of the public page.
   * 81.7 KB and 9.0 KB with the edit dialog (scopes, addresses, calls a minute) and the parts it
   * shares with the webhooks page (the 2.1 KB chunk above).
   */
  'embed/lp-api-clients.js': 82_500,
  'host:api-clients': 9_500,
  /**
   * The home page's overview (issue 16): standalone (React, the kit, its feature and both
   * languages' strings) 82.0 KB; in the portal, over what the portal page loaded, 8.2 KB (the call
   * is declared in operations.ts, so the browser build leaves its schemas out: 15.2 KB before);
   * its charts (uPlot and the two charts) are a lazy chunk loaded once a chart's block is in view:
   * 21.9 KB. In the portal 9.1 KB in November 2026, with the links to the filtered inventory and
   * order list and the shared session stores' page-leaving check (src/stores/page-leaving.ts).
   */
  'embed/lp-home-overview.js': 84_000,
  // +0.6 KB with <lp-sessions-dialog> (issue 34): a new entry moved rollup's small chunk of the tracking
  // calls (contract/tracking, 1.5 KB raw) out of the host's main bundle (host first load 99.9 → 98.9 KB)
  // into a chunk of its own, which this element now loads beside the main one
  'host:home-overview': 10_300,
  'embed/lp-home-overview/charts': 23_000,
  /**
   * The temperature-excursion pages (docs/decisions/excursions.md). The case list: a list page of
   * the list kit (its store and address, the filter bar, the data table with its cards), measured
   * 86.2 KB standalone and 12.9 KB over the signed-in page (86.5 KB with its column settings). A
   * case's page: its sections, forms and strings, 88.4 KB standalone and 16.5 KB over the public
   * page (17.3 KB once the project view's stability budgets split the shared chunks anew); its
   * chart is uPlot with the order view's readings' columns (22.1 KB, loaded with the readings) and
   * its signing the order view's SignDialog (8.2 KB with the order view's strings, loaded with the
   * first decision).
   */
  'embed/lp-excursion-list.js': 87_500,
  // + 0.3–0.6 KB: the notification bell's chunk move (see project-view's line)
  'host:excursion-list': 14_100,
  'embed/lp-excursion-case.js': 90_000,
  // + bytes: the chunk moves of issue 32 (its first load 18.0 KB, at the line)
  // +0.6 KB with <lp-sessions-dialog> (issue 34): a new entry moved rollup's small chunk of the tracking
  // calls (contract/tracking, 1.5 KB raw) out of the host's main bundle (host first load 99.9 → 98.9 KB)
  // into a chunk of its own, which this element now loads beside the main one
  'host:excursion-case': 18_900,
  'embed/lp-excursion-case/case-chart-draw': 23_000,
  // + signing with a passkey (its button, the options call; the WebAuthn library lazy): 9,067 bytes
  // + signing at the organisation for a person of single sign-on (its window, the two calls, the
  // channel its answer comes back by): 10,056 bytes
  'embed/lp-excursion-case/sign-dialog': 10_300,
  /**
   * The notification centre (issue 32): the bell and its panel (79.4 KB as an embed with React
   * and the kit; 4.3 KB on top of the signed-in page, in the top bar), its settings dialog a lazy
   * chunk (3.2 KB), loaded when opened.
   */
  // +1.9 KB: the live mark beside the bell (issue 32: its component, styles and both languages'
  // strings, with the connection's code it reads its state from; 79.4 KB before, 81.3 after)
  'embed/lp-notification-bell.js': 81_700,
  // +3.5 KB (4.4 → 7.9 KB): the live mark (1.9 KB of it) and the connection's chunk, 1.8 KB, now
  // imported by the bell (the mark reads $live): that chunk is no new byte of the page, the layout
  // loaded it after the top bar before (0.5 KB of it new: the state, "read again", online/offline).
  // Not in the host's first load, which stays at 99.8 KB.
  'host:notification-bell': 8_200,
  'embed/lp-notification-bell/notification-settings': 3_600,
  /**
   * Forgot password (issue 34): the dialog of the sign-in page's "Forgot password?" link, loaded on
   * its first click (the host's first load gains only the link and its string: 99,924 → 99,941
   * bytes). Measured 84,411 bytes standalone (React, the kit's dialog and form, the two calls, the
   * policy's checklist, both languages' strings) and 12,991 on top of the public page.
   */
  'embed/lp-forgot-password.js': 87_000,
  'host:forgot-password': 14_000,
  /**
   * The data table's own chunk (src/ui/data-table and its strings), beside the kit (4.4 KB; 16.3
   * with TanStack Table); 5.0 KB with pinned columns and rows as cards on a phone (issue 29).
   */
  'data-table': 5_300,
};
