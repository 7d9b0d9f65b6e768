/**
 * Loads the portal's embed bundles after the framework has drawn the page, the order in which a
 * real host app often does it (the elements are undefined while the framework writes their
 * attributes: the `open="false"` case of issue 35). Served with dist/embed/ on the partner site.
 */
export function loadEmbeds() {
  // the portal's session in a cookie of its own, beside the host app's `Admin-Token` (docs/embedding.md)
  window.LP_CONFIG = { tokenCookie: 'LP-Portal-Token' };
  for (const tag of ['lp-chat-widget', 'lp-order-status', 'lp-customer-switcher']) {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = `/embed/${tag}.js`;
    document.head.append(script);
  }
}

/** The order the test looks up in `<lp-order-status>` (prefilled by its `order-no`). */
export const ORDER_NO = 'LP2026120100001';
