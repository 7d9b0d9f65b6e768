import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { fieldMessagesOf, isApiError } from '../../api/errors.ts';
import { $session } from '../../stores/session.ts';
import { toast } from '../../stores/notices.ts';
import { Button } from '../../ui/button/button.tsx';
import { TextField } from '../../ui/form/text-field.tsx';
import { useT } from '../../ui/use-t.ts';
import { type MemberFactor, type MemberFactorList, memberFactorsApi } from './member-factors-api.ts';
import '../../i18n/areas/sessions-dialog.ts';

type Errors = { reason?: string; password?: string; code?: string; passkey?: string; form?: string };

/**
 * The customer's members and their two-step sign-in, for its administrators
 * (`customer-account/member-factors`), with "reset" for a member who lost their factor: a reason,
 * the administrator's own password (and their own factor when they have one: a code of their
 * authenticator, or "confirm with your passkey"), then `customer-account/member-factor-reset` (the
 * member's sessions end, they are texted). Hidden when the server says the user is no
 * administrator (403).
 */
export function MemberFactors() {
  const t = useT();
  const [data, setData] = useState<MemberFactorList | null>(null);
  const [target, setTarget] = useState<MemberFactor | null>(null);
  const [form, setForm] = useState({ reason: '', password: '', code: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const self = $session.get().userInfo?.uid;

  const load = useCallback(() => {
    memberFactorsApi.list().then(setData, () => setData(null));
  }, []);
  useEffect(load, [load]);
  if (!data) return null;

  // what the administrator confirms a reset with: a code, a passkey, either, or the password alone
  const byCode = data.own_methods.includes('totp');
  const byPasskey = data.own_methods.includes('passkey');

  const reset = async (event: FormEvent | null, withPasskey = false) => {
    event?.preventDefault();
    if (!target || busy) return;
    // an administrator whose only factor is a passkey confirms with it from the form's own button too
    const withKey = withPasskey || (byPasskey && !byCode);
    setBusy(true);
    setErrors({});
    try {
      let passkey: Awaited<ReturnType<typeof memberFactorsApi.ownPasskey>> | undefined;
      if (withKey) {
        try {
          passkey = await memberFactorsApi.ownPasskey();
        } catch (failure) {
          // the browser's refusal (cancelled, no key): the form stays as typed
          setErrors({
            passkey: isApiError(failure) ? failure.message : t('sessionsDialog.members.passkeyFailed'),
          });
          return;
        }
      }
      await memberFactorsApi.reset({
        uid: target.uid,
        reason: form.reason,
        password: form.password,
        ...(passkey ? { passkey } : { code: form.code }),
      });
      toast(t('sessionsDialog.members.done', { name: target.name }), 'success');
      setTarget(null);
      load();
    } catch (failure) {
      const fields = fieldMessagesOf(failure);
      setErrors(
        Object.keys(fields).length > 0
          ? fields
          : { form: isApiError(failure) ? failure.message : String(failure) },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="sessions-dialog__policy" aria-labelledby="sessions-dialog-members">
      <h3 id="sessions-dialog-members">{t('sessionsDialog.members.title')}</h3>
      <p className="sessions-dialog__note">{t('sessionsDialog.members.intro')}</p>
      <ul className="sessions-dialog__list">
        {data.list.map((m) => (
          <li key={m.uid} className="sessions-dialog__member">
            <div className="sessions-dialog__what">
              <strong>{m.name}</strong>
              <span className="sessions-dialog__small">
                {m.username} · {t(m.enabled ? 'sessionsDialog.members.on' : 'sessionsDialog.members.off')}
              </span>
            </div>
            {m.enabled && m.uid !== self && (
              <Button
                size="sm"
                guardMs={0}
                aria-label={t('sessionsDialog.members.resetLabel', { name: m.name })}
                onClick={() => {
                  setTarget(m);
                  setForm({ reason: '', password: '', code: '' });
                  setErrors({});
                }}
              >
                {t('sessionsDialog.members.reset')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {target && (
        <form
          className="sessions-dialog__form"
          onSubmit={(event) => void reset(event)}
          noValidate
          aria-label={t('sessionsDialog.members.resetTitle', { name: target.name })}
        >
          <h4>{t('sessionsDialog.members.resetTitle', { name: target.name })}</h4>
          <TextField
            name="reason"
            required
            label={t('sessionsDialog.members.reason')}
            value={form.reason}
            error={errors.reason}
            maxLength={500}
            onChange={(reason) => setForm({ ...form, reason })}
          />
          <TextField
            name="password"
            type="password"
            autoComplete="current-password"
            required
            label={t('sessionsDialog.members.password')}
            value={form.password}
            error={errors.password}
            onChange={(password) => setForm({ ...form, password })}
          />
          {byCode && (
            <TextField
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              required
              label={t('sessionsDialog.members.code')}
              value={form.code}
              error={errors.code}
              maxLength={16}
              onChange={(code) => setForm({ ...form, code })}
            />
          )}
          {errors.passkey && (
            <p className="sessions-dialog__error" role="alert">
              {errors.passkey}
            </p>
          )}
          {errors.form && (
            <p className="sessions-dialog__error" role="alert">
              {errors.form}
            </p>
          )}
          <div>
            <Button guardMs={0} onClick={() => setTarget(null)}>
              {t('sessionsDialog.members.cancel')}
            </Button>{' '}
            {byPasskey && (
              <>
                <Button
                  variant={byCode ? 'default' : 'danger'}
                  guardMs={400}
                  loading={busy}
                  onClick={() => void reset(null, true)}
                >
                  {t('sessionsDialog.members.confirmPasskey')}
                </Button>{' '}
              </>
            )}
            {(byCode || !byPasskey) && (
              <Button variant="danger" type="submit" guardMs={400} loading={busy}>
                {t('sessionsDialog.members.confirm')}
              </Button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
