/**
 * How one set of demo data names its accounts and customers: the demo's own names (`demo`,
 * `HR-ONC-03`: `npm start`), or a tenant's, each name with the tenant's tag (`demo-k3f9x2`,
 * `HR-ONC-03-k3f9x2`), so that any number of sets live side by side in one database (the
 * end-to-end tests give each test one of its own: server/testing/e2e-server.ts).
 */
export interface DemoNames {
  /** null for the demo's own names. */
  tag: string | null;
  account(demoAccount: string): string;
  identifier(demoIdentifier: string): string;
}

/** A tenant's tag: lower-case letters and digits, 4 to 16 of them. */
export const TENANT_TAG = /^[a-z0-9]{4,16}$/;

export function demoNames(tag: string | null = null): DemoNames {
  if (tag !== null && !TENANT_TAG.test(tag)) throw new Error(`not a tenant tag: ${JSON.stringify(tag)}`);
  const named = (name: string) => (tag ? `${name}-${tag}` : name);
  return { tag, account: named, identifier: named };
}
