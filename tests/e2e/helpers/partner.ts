/**
 * The partner site (scripts/demo.mjs: the embeds' demo pages on another origin) that
 * playwright.config.ts starts beside the portal, on the port the portal's CORS_ORIGINS allows.
 */
export function partnerUrl(): string {
  const port = process.env.LP_E2E_PARTNER_PORT;
  if (!port)
    throw new Error('LP_E2E_PARTNER_PORT is not set: run the e2e tests through playwright.config.ts');
  return `http://127.0.0.1:${port}`;
}
