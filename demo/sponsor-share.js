// The sponsor's page takes the share from its own address and hands it to the element:
// `?share=<token>` (a share link's token: no second factor asked) or `?order=<no>&code=<share code>`;
// `?lang=en` for English. Without either the element shows its lookup form.
const params = new URLSearchParams(location.search);
const status = document.querySelector('lp-order-status');
const share = params.get('share')?.trim();
const order = params.get('order')?.trim();
const code = params.get('code')?.trim();
const lang = params.get('lang');

if (lang) {
  document.documentElement.lang = lang;
  status.setAttribute('locale', lang);
}
if (share) status.setAttribute('share-code', share);
else if (order && code) {
  status.setAttribute('order-no', order);
  status.setAttribute('share-code', code);
}

// Loaded once the attributes are set: the element opens the share at once, without showing its form first.
await import('/embed/lp-order-status.js');
