/**
 * What a boolean attribute of our elements means: absent is false, and so is the text `false`
 * (in any case); anything else present, `""` included, is true. HTML's own rule is presence
 * alone, but Vue 3 and Svelte 5 write `open="false"` on an element that is not defined yet (a
 * bundle loaded after the app rendered), and a chat that opens by itself is worse than a rule
 * that differs from `<input disabled="false">`. Setting the property reflects `true` as `""` and
 * `false` as no attribute. docs/decisions/element-kit.md.
 */
export function booleanAttribute(value: string | null): boolean {
  return value !== null && value.toLowerCase() !== 'false';
}

/**
 * The converter of such a property, both ways: a Lit element's `{ converter: booleanConverter,
 * reflect: true }`, the chat launcher's `open` accessor (a plain custom element).
 */
export const booleanConverter = {
  fromAttribute: booleanAttribute,
  toAttribute: (value: unknown): string | null => (value ? '' : null),
};
