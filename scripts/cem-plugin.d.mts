/** `customer-id` → `customerId`. */
export function toField(attribute: string): string;
/** `CustomEvent<X>` → `X`; anything else as it is. */
export function detailType(text: string): string;
/** The analyzer plugin (custom-elements-manifest.config.mjs). */
export function lpManifestPlugin(): { name: string };
