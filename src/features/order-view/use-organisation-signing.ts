import { useEffect, useRef, useState } from 'react';
import { openReauthWindow, reauthenticate } from '../../api/sso-reauth.ts';

/** The browser refused to open the re-authentication's window. */
export class ReauthWindowBlocked extends Error {
  override name = 'ReauthWindowBlocked';
}

/** Whether `failure` is a wait that was ended on purpose (a new try, the dialog closed). */
export const isAbort = (failure: unknown): boolean =>
  failure instanceof DOMException && failure.name === 'AbortError';

/**
 * A signature of a person of single sign-on, confirmed by signing in at their organisation again
 * (src/api/sso-reauth.ts). `confirm` must be called in the turn of the click (it opens the window
 * first); it answers the proof for `signature.sso_proof`. A new `confirm` ends the wait of the
 * one before (which rejects with an AbortError), and so does closing the dialog. `waiting`: a
 * window is open at the provider.
 */
export function useOrganisationSigning() {
  const [waiting, setWaiting] = useState(false);
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const confirm = async (): Promise<string> => {
    current.current?.abort();
    const popup = openReauthWindow();
    if (!popup) throw new ReauthWindowBlocked();
    const controller = new AbortController();
    current.current = controller;
    setWaiting(true);
    try {
      return await reauthenticate(popup, location.pathname + location.search, controller.signal);
    } finally {
      if (current.current === controller) {
        current.current = null;
        setWaiting(false);
        popup.close();
      }
    }
  };
  return { waiting, confirm };
}
