import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $token } from '../../stores/auth.ts';
import { toast } from '../../stores/notices.ts';
import { $session, loadUserInfo } from '../../stores/session.ts';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { useDomId } from '../../ui/use-id.ts';
import { useT } from '../../ui/use-t.ts';
import { EditPasswordForm } from './edit-password-form.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';
import '../../i18n/areas/password.ts';

export type PasswordDialogMode = 'reset' | 'edit';

export interface PasswordDialogProps {
  mode: PasswordDialogMode;
  open: boolean;
  /** False: no close or cancel button and Esc does nothing (forced change). */
  closable: boolean;
  /** Prefilled account of the reset form (the edit form reads the session's user). */
  account: string;
  /** The user closed or cancelled. */
  onCancel: () => void;
  /** The password was changed (the server ended every session of the user). */
  onChanged: () => void;
  /** Why the password must change (a forced change says so), shown above the form. */
  reason?: string;
  /** A forced change (not closable) offers this way out: the user signs out instead. */
  onSignOut?: () => void;
}

/** The reset-password or edit-password dialog of spec §5, a modal on the native `<dialog>`. */
export function PasswordDialog({
  mode,
  open,
  closable,
  account,
  onCancel,
  onChanged,
  reason,
  onSignOut,
}: PasswordDialogProps) {
  const t = useT();
  const formId = useDomId('lp-password-form');
  const [busy, setBusy] = useState(false);
  const user = useSignedInUser(mode === 'edit' && open);
  // A fresh form on every opening (the SMS countdown lives in a store and is kept).
  const openings = useRef(0);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) openings.current += 1;
  wasOpen.current = open;

  const changed = () => {
    toast(t('account.password.success'), 'success');
    onChanged();
  };
  const focusRef = useRef<HTMLInputElement>(null);
  const formProps = { formId, onBusy: setBusy, onChanged: changed, focusRef };

  return (
    <Dialog
      open={open}
      closable={closable}
      onClose={onCancel}
      initialFocus={focusRef}
      title={mode === 'edit' ? t('account.password.editTitle') : t('account.password.resetTitle')}
      footer={
        <>
          {closable && (
            <Button guardMs={0} onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          {!closable && onSignOut && (
            <Button guardMs={0} variant="text" onClick={onSignOut}>
              {t('account.password.signOut')}
            </Button>
          )}
          <Button variant="primary" type="submit" form={formId} loading={busy}>
            {t('account.password.submit')}
          </Button>
        </>
      }
    >
      {open && reason && (
        <p className="password-form__reason" role="note">
          {reason}
        </p>
      )}
      {open &&
        (mode === 'edit' ? (
          user !== null && (
            <EditPasswordForm
              key={`edit-${openings.current}`}
              account={user.account || account}
              mobileHint={user.mobileHint}
              {...formProps}
            />
          )
        ) : (
          <ResetPasswordForm key={`reset-${openings.current}`} account={account} {...formProps} />
        ))}
    </Dialog>
  );
}

/**
 * The signed-in user's account and masked mobile, loading the user info when this page has none
 * yet or an older one without the mobile (null while loading; empty when it cannot be had).
 */
function useSignedInUser(needed: boolean): { account: string; mobileHint: string } | null {
  const session = useStore($session);
  const token = useStore($token);
  const info = session.userInfo;
  const known = info?.user.ur_account ?? '';
  const complete = known !== '' && typeof info?.mobile_hint === 'string';
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!needed || complete || !token) return;
    loadUserInfo().catch(() => setFailed(true));
  }, [needed, complete, token]);
  if (complete || !token || failed) return { account: known, mobileHint: info?.mobile_hint ?? '' };
  return null;
}
