/**
 * Styles are plain CSS text, one string per component, collected into constructable
 * stylesheets that shadow roots (and the host document) adopt. `css` only exists so editors
 * highlight the strings; it joins the template as is.
 */
export function css(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  return strings.reduce((out, s, i) => out + s + (i < values.length ? String(values[i]) : ''), '');
}

const cache = new Map<string, CSSStyleSheet>();

/** One shared constructable stylesheet per CSS text (adopting the same sheet in many roots is free). */
export function sheet(text: string): CSSStyleSheet {
  let s = cache.get(text);
  if (!s) {
    s = new CSSStyleSheet();
    s.replaceSync(text);
    cache.set(text, s);
  }
  return s;
}
