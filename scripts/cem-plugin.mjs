/**
 * The analyzer plugin that makes custom-elements.json useful to tools, not only valid: what the
 * JSDoc of an element (`@attr`, `@event`) and its class say, joined the way our three element kinds
 * actually work (docs/decisions/element-manifest.md).
 *
 * - Every attribute names its property (`fieldName`) and every such property its attribute. The
 *   React kit (elements/kit/react-element.ts) makes `customer-id` into `customerId`, and adds
 *   `apiBase` and `locale` to every element; a Lit element maps what its `static properties` say;
 *   a plain custom element (the chat launcher: `extends HTMLElement`, its properties accessors)
 *   maps `customer-id` to `customerId` too, and each of its `static observedAttributes` must be
 *   an `@attr` of its JSDoc, each `@attr` observed (else the attribute would do nothing).
 * - A React element's properties are listed, though its base class (elements/kit) is not analysed:
 *   the kit's `static properties` types (`'string'`, `'boolean'`, `'number'`) give their types.
 * - A text property whose attribute's JSDoc lists its values (`{'zh-CN' | 'en'}`) is typed so.
 * - Lit's internal state (`state: true`) is private.
 * - An event's type is its `detail` (`@event {CustomEvent<{ open: boolean }>}` → `{ open: boolean }`),
 *   as the community generators read it (they write `CustomEvent<type>` themselves).
 * - The class's statics (`properties`, `styles`, `observedAttributes`) are implementation, not API: left out, and so is a
 *   member marked `@internal` (the store getters our own tests and host read).
 *
 * A custom element whose attribute has no property, or whose public field or event has no type,
 * fails the build with the element and the name.
 */

/** `customer-id` → `customerId`. */
export const toField = (attribute) => attribute.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

/** The kit's property types as TypeScript (an absent attribute reads as null, a bad number too). */
const KIT_TYPES = { string: 'string | null', boolean: 'boolean', number: 'number | null' };

/** A union of string literals: `'zh-CN' | 'en'`. */
const LITERALS = /^\s*'[^']*'(\s*\|\s*'[^']*')*\s*$/;

/** The two page-wide properties the React kit gives every element (elements/kit/page-attributes.ts). */
const PAGE_FIELDS = [
  {
    name: 'apiBase',
    attribute: 'api-base',
    type: 'string | null',
    description:
      "Base URL of the API for the page's calls (`api-base`; default `LP_CONFIG.apiBase`, else `/api`).",
  },
  {
    name: 'locale',
    attribute: 'locale',
    type: 'string | null',
    description:
      "Language of the page's elements (`locale`: `zh-CN` or `en`; default the saved choice, else zh-CN).",
  },
];

/** `CustomEvent<X>` → `X`; anything else as it is. */
export function detailType(text) {
  const match = /^\s*CustomEvent\s*<([\s\S]*)>\s*$/.exec(text ?? '');
  return match ? match[1].trim() : text;
}

/**
 * What a class's `static properties = { … }` says, by property: the kit's type name (React
 * elements), or Lit's options (`attribute`, `state`).
 */
function staticProperties(ts, classNode) {
  const found = new Map();
  for (const member of classNode.members ?? []) {
    if (member.name && ts.getJSDocTags(member).some((tag) => tag.tagName.text === 'internal')) {
      found.set(member.name.getText(), { internal: true });
      continue;
    }
    const isStatic = member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
    if (!isStatic || member.name?.getText() !== 'properties' || !member.initializer) continue;
    let object = member.initializer;
    while (ts.isAsExpression(object) || ts.isParenthesizedExpression(object)) object = object.expression;
    if (!ts.isObjectLiteralExpression(object)) continue;
    for (const property of object.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const name = property.name.getText().replace(/^['"]|['"]$/g, '');
      const value = property.initializer;
      if (ts.isStringLiteral(value)) {
        found.set(name, { kit: value.text });
        continue;
      }
      const options = {};
      if (ts.isObjectLiteralExpression(value)) {
        for (const option of value.properties) {
          if (!ts.isPropertyAssignment(option)) continue;
          const key = option.name.getText();
          if (key === 'attribute' && ts.isStringLiteral(option.initializer))
            options.attribute = option.initializer.text;
          if (key === 'attribute' && option.initializer.kind === ts.SyntaxKind.FalseKeyword)
            options.attribute = false;
          if (key === 'state' && option.initializer.kind === ts.SyntaxKind.TrueKeyword) options.state = true;
        }
      }
      found.set(name, { lit: options });
    }
  }
  return found;
}

/** A plain element's `static observedAttributes = ['a', 'b']`, or null (none, or not a list of strings). */
function observedAttributes(ts, classNode) {
  for (const member of classNode.members ?? []) {
    const isStatic = member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
    if (!isStatic || member.name?.getText() !== 'observedAttributes' || !member.initializer) continue;
    let list = member.initializer;
    while (ts.isAsExpression(list) || ts.isParenthesizedExpression(list)) list = list.expression;
    if (!ts.isArrayLiteralExpression(list) || !list.elements.every((e) => ts.isStringLiteral(e))) return null;
    return list.elements.map((e) => e.text);
  }
  return null;
}

export function lpManifestPlugin() {
  /** class name → its static properties (analyzePhase), read in packageLinkPhase */
  const classes = new Map();
  /** class name → its static observedAttributes (a plain element's), read in packageLinkPhase */
  const observed = new Map();
  return {
    name: 'lp-manifest',
    analyzePhase({ ts, node }) {
      if (ts.isClassDeclaration(node) && node.name) {
        classes.set(node.name.getText(), staticProperties(ts, node));
        observed.set(node.name.getText(), observedAttributes(ts, node));
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      const problems = [];
      for (const mod of customElementsManifest.modules ?? []) {
        for (const element of mod.declarations ?? []) {
          if (!element.customElement) continue;
          completeElement(
            element,
            classes.get(element.name) ?? new Map(),
            problems,
            observed.get(element.name) ?? null,
          );
        }
      }
      if (problems.length > 0)
        throw new Error(`custom-elements.json is incomplete:\n  ${problems.join('\n  ')}`);
    },
  };
}

const STATICS = new Set(['properties', 'styles', 'observedAttributes']);

function completeElement(element, statics, problems, observed) {
  const isReact = element.superclass?.name === 'ReactElement';
  const where = element.tagName ?? element.name;
  element.members = (element.members ?? []).filter(
    (m) => !(m.static && STATICS.has(m.name)) && !statics.get(m.name)?.internal,
  );
  // a plain element: what it observes and what its JSDoc documents are the same attributes
  if (observed) {
    const documented = new Set((element.attributes ?? []).filter((a) => a.description).map((a) => a.name));
    for (const name of observed)
      if (!documented.has(name)) problems.push(`${where}: observed attribute "${name}" has no @attr`);
    for (const name of documented)
      if (!observed.includes(name)) problems.push(`${where}: attribute "${name}" (@attr) is not observed`);
  }
  const fields = new Map(element.members.filter((m) => m.kind === 'field').map((m) => [m.name, m]));
  const attributes = new Map((element.attributes ?? []).map((a) => [a.name, a]));

  const addField = (name, type, description) => {
    const field = { kind: 'field', name, type: { text: type }, ...(description ? { description } : {}) };
    element.members.push(field);
    fields.set(name, field);
    return field;
  };

  if (isReact) {
    for (const page of PAGE_FIELDS) {
      if (!fields.has(page.name)) {
        const field = addField(page.name, page.type, page.description);
        field.inheritedFrom = { name: 'ReactElement', module: 'elements/kit/react-element.ts' };
      }
    }
  }

  // the property each attribute sets: the kit's and Lit's mapping
  const attributeOf = new Map();
  for (const [name, spec] of statics) {
    if (spec.internal) continue;
    if (spec.lit?.state) {
      const field = fields.get(name);
      if (field) field.privacy = 'private';
      continue;
    }
    if (spec.lit?.attribute === false) continue;
    const attribute =
      spec.lit?.attribute ??
      (isReact ? name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`) : name.toLowerCase());
    attributeOf.set(name, attribute);
    if (!fields.has(name) && spec.kit)
      addField(name, KIT_TYPES[spec.kit] ?? 'string | null', attributes.get(attribute)?.description);
  }
  if (isReact) for (const page of PAGE_FIELDS) attributeOf.set(page.name, page.attribute);

  for (const attribute of attributes.values()) {
    const name = [...attributeOf].find(([, a]) => a === attribute.name)?.[0] ?? toField(attribute.name);
    const field = fields.get(name);
    if (!field || field.privacy === 'private' || name.startsWith('#')) {
      problems.push(`${where}: attribute "${attribute.name}" has no public property`);
      continue;
    }
    attribute.fieldName = name;
    field.attribute = attribute.name;
    // a text property whose attribute lists its values takes those values (`'bottom-right' | …`)
    const values = attribute.type?.text;
    if (values && LITERALS.test(values) && /^string(\s*\|\s*null)?$/.test(field.type?.text ?? ''))
      field.type = { text: `${values} | null` };
    if (!field.description && attribute.description) field.description = attribute.description;
  }

  for (const member of element.members) {
    if (member.kind !== 'field' || member.privacy === 'private' || member.privacy === 'protected') continue;
    if (member.name.startsWith('#') || member.static) continue;
    if (!member.type?.text) problems.push(`${where}: property "${member.name}" has no type`);
  }
  for (const event of element.events ?? []) {
    if (!event.type?.text) problems.push(`${where}: event "${event.name}" has no type`);
    else event.type = { text: detailType(event.type.text) };
  }
}
