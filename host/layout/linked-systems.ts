import { useEffect, useState } from 'react';
import { linkedSystems, openLink } from '../../src/contract/links/operations.ts';
import type { LinkedSystem } from '../../src/contract/links/schemas.ts';
import { call } from '../../src/api/transport.ts';
import { $locale } from '../../src/i18n/locale.ts';

/**
 * The provider's other systems the user may open signed in (spec §7's link-opening helper), read
 * once the page is idle (a small call that the first draw does not wait for) and again when the
 * language changes (the names come in the caller's language). [] when none is configured.
 */
export function useLinkedSystems(): LinkedSystem[] {
  const [list, setList] = useState<LinkedSystem[]>([]);
  useEffect(() => {
    let cancelled = false;
    let handle = 0;
    const load = () => {
      call(linkedSystems, {}, { quiet: true }).then(
        (answer) => !cancelled && setList(answer.list),
        () => !cancelled && setList([]),
      );
    };
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 200));
    handle = idle(load);
    const unlisten = $locale.listen(load);
    return () => {
      cancelled = true;
      (window.cancelIdleCallback ?? window.clearTimeout)(handle);
      unlisten();
    };
  }, []);
  return list;
}

/**
 * Opens a linked system in a new tab, signed in: the tab opens at once (inside the click, so no
 * pop-up blocker stops it) and goes to the system's address with a one-time code once the server
 * answers. The session's token never appears in an address. A failure closes the tab again; the
 * call's own outcome tells the user why.
 */
export function openLinkedSystem(key: string): void {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  call(openLink, { system: key }).then(
    (answer) => {
      if (tab) tab.location.replace(answer.url);
      else window.location.assign(answer.url);
    },
    () => tab?.close(),
  );
}
