import { t } from '../../src/i18n/translate.ts';
import { navigate } from '../../src/stores/navigation.ts';
import { $toasts, toast } from '../../src/stores/notices.ts';
import { logout } from '../../src/stores/session.ts';

/**
 * After a password change (the account menu's dialog or the weak-password flow): the server ended
 * the session, so the portal signs out and shows the login page, with one success message: the
 * password dialog's own when it said so, else the portal's.
 */
export async function signInAgain(): Promise<void> {
  await logout();
  if (!$toasts.get().some((x) => x.kind === 'success')) toast(t('host.weak.changed'), 'success');
  navigate('/login');
}
