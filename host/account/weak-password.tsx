import { useStore } from '@nanostores/react';
import { createElement, useEffect, useRef, useState } from 'react';
import type { MessageKey } from '../../src/i18n/translate.ts';
import { $token } from '../../src/stores/auth.ts';
import { navigate } from '../../src/stores/navigation.ts';
import { $passwordFlags, $session, logout, type PasswordFlags } from '../../src/stores/session.ts';
import { Button, Dialog, useT } from '../../src/ui/index.ts';
import { loadElement } from '../elements.ts';
import { signInAgain } from './password-changed.ts';
import { type WeakStage, dismissedFor, firstStage, rememberDismissed } from './weak-password-stage.ts';

const TAG = 'lp-password-dialog';

function reason(flags: PasswordFlags): MessageKey {
  if (flags.passFlag === 1) return 'host.weak.forced';
  if (flags.isWeakPassword) return 'host.weak.weak';
  return 'host.weak.suggested';
}

/**
 * The weak-password flow of spec §4, mounted by the layout once the user is in:
 * - pass_flag 1: forced change, the reset dialog has no close button;
 * - pass_flag 2: the reset dialog, closable;
 * - is_weak_password: a prompt (closable only for white-listed customers) whose button opens the
 *   reset dialog; cancelling the reset returns to the prompt.
 * A successful change logs the user out and sends them to /login with a success message.
 */
export function WeakPasswordFlow() {
  const t = useT();
  const flags = useStore($passwordFlags);
  const token = useStore($token);
  const account = useStore($session).userInfo?.user.ur_account ?? '';
  const start = (): WeakStage => (token ? firstStage(flags, dismissedFor(token)) : 'none');
  const [stage, setStage] = useState<WeakStage>(start);
  const [element, setElement] = useState<'loading' | 'ready' | 'missing'>(() =>
    customElements.get(TAG) ? 'ready' : 'loading',
  );
  const ref = useRef<HTMLElement>(null);

  // A new login (flags, token) starts over; signed out, nothing shows.
  useEffect(() => setStage(token ? firstStage(flags, dismissedFor(token)) : 'none'), [flags, token]);

  useEffect(() => {
    if (stage !== 'reset' || element !== 'loading') return;
    let live = true;
    void loadElement(TAG).then((ok) => {
      if (live) setElement(ok ? 'ready' : 'missing');
    });
    return () => {
      live = false;
    };
  }, [stage, element]);

  const forced = flags.passFlag === 1;
  const promptClosable = flags.isWhiteCustomer;

  const dismiss = () => {
    rememberDismissed(token);
    setStage('none');
  };
  const cancelReset = () => {
    if (forced) return;
    if (flags.isWeakPassword) setStage('prompt');
    else dismiss();
  };
  const changed = async () => {
    setStage('none');
    await signInAgain();
  };

  // a forced change offers a way out: signing out (the flow starts again at the next sign-in)
  const signOut = async () => {
    setStage('none');
    await logout();
    navigate('/login');
  };

  const handlers = useRef({ cancelReset, changed, signOut });
  handlers.current = { cancelReset, changed, signOut };
  useEffect(() => {
    const el = ref.current;
    if (!el || stage !== 'reset' || element !== 'ready') return;
    const onChange = () => void handlers.current.changed();
    const onCancel = () => handlers.current.cancelReset();
    const onSignOut = () => void handlers.current.signOut();
    el.addEventListener('lp-password-change', onChange);
    el.addEventListener('lp-password-cancel', onCancel);
    el.addEventListener('lp-password-sign-out', onSignOut);
    return () => {
      el.removeEventListener('lp-password-change', onChange);
      el.removeEventListener('lp-password-cancel', onCancel);
      el.removeEventListener('lp-password-sign-out', onSignOut);
    };
  }, [stage, element]);

  if (stage === 'none') return null;

  if (stage === 'prompt') {
    return (
      <Dialog
        open
        closable={promptClosable}
        onClose={dismiss}
        title={t('host.weak.title')}
        className="lp-weak-prompt"
        footer={
          <>
            {promptClosable && (
              <Button onClick={dismiss} guardMs={0}>
                {t('host.weak.later')}
              </Button>
            )}
            <Button variant="primary" onClick={() => setStage('reset')} guardMs={0}>
              {t('host.weak.change')}
            </Button>
          </>
        }
      >
        <p>{t('host.weak.weak')}</p>
      </Dialog>
    );
  }

  if (element === 'ready') {
    // Set as properties (the element is defined): `closable = false` writes `closable="false"`,
    // which the element reads as "no close button, Esc ignored".
    // …and says why the password must change (initial or expired, weak, or due)
    return createElement(TAG, {
      ref,
      mode: 'reset',
      open: true,
      closable: !forced,
      account,
      reason: t(reason(flags)),
    });
  }
  if (element === 'loading') return null;
  return (
    <Dialog
      open
      closable={!forced}
      onClose={cancelReset}
      title={t('host.weak.title')}
      className="lp-weak-unavailable"
      footer={
        forced ? undefined : (
          <Button onClick={cancelReset} guardMs={0}>
            {t('common.close')}
          </Button>
        )
      }
    >
      <p>{t(reason(flags))}</p>
      <p>{t('host.weak.unavailable')}</p>
    </Dialog>
  );
}
