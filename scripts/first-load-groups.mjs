// Which of the portal build's first-pass chunks the second pass bundles together
// (docs/decisions/first-load-chunks.md). Works on rollup's output bundle: each chunk with its
// `imports` (static), `dynamicImports`, `isEntry`, `name`, `moduleIds` and `code`.

/** The files `roots` load before they run: themselves and their static imports, transitively. */
export function staticClosure(bundle, roots) {
  const seen = new Set();
  const visit = (fileName) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const f of bundle[fileName]?.imports ?? []) visit(f);
  };
  roots.forEach(visit);
  return seen;
}

/** The element names whose tags (`"lp-<name>"`) a module's code names. */
export function tagsIn(code, elementNames) {
  const names = new Set(elementNames);
  return [...code.matchAll(/["'`]lp-([a-z][a-z0-9-]*)["'`]/g)].map((m) => m[1]).filter((n) => names.has(n));
}

/**
 * The two groups, as sets of first-pass file names:
 * - `boot`: the host's entry (`hostEntry`, the chunk of that name) and everything it imports
 *   statically: what every page of the portal runs first;
 * - `portal`: what the layout (the chunk holding `layoutModule`) and the top bar's `switcher`
 *   element add for a signed-in page, except what a public page needs: the chunks holding
 *   `publicPages` (modules of the pages shown without signing in) and the first loads of
 *   `publicElements` (entry names), so that a visitor who is not signed in loads what the page
 *   needs and not the portal's group. The switcher's entry stays its own file (the host loads it by
 *   its tag).
 * Neither group holds a file its page did not load before. `publicRoots` are the files a public
 * page starts from (its chunk, its elements' entries), for the build to check the result; `layout`
 * is the layout's file.
 */
export function firstLoadGroups(bundle, { hostEntry, layoutModule, switcher, publicPages, publicElements }) {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const holding = (moduleId) => chunks.find((c) => c.moduleIds.includes(moduleId));
  const entry = chunks.find((c) => c.isEntry && c.name === hostEntry);
  const layout = holding(layoutModule);
  const switcherChunk = chunks.find((c) => c.isEntry && c.name === switcher);
  if (!entry || !layout || !switcherChunk)
    throw new Error(
      `the host entry (${hostEntry}), the layout or the ${switcher} entry is not in the bundle`,
    );
  const boot = staticClosure(bundle, [entry.fileName]);
  const publicRoots = [
    ...publicPages.map((id) => holding(id)?.fileName),
    ...chunks.filter((c) => c.isEntry && publicElements.includes(c.name)).map((c) => c.fileName),
  ].filter((f) => f !== undefined);
  const publicFiles = staticClosure(bundle, publicRoots);
  const portal = new Set(
    [...staticClosure(bundle, [layout.fileName, switcherChunk.fileName])].filter(
      (f) => !boot.has(f) && !publicFiles.has(f) && f !== switcherChunk.fileName,
    ),
  );
  return { boot, portal, publicRoots, layout: layout.fileName };
}
