import { useEffect, useState } from 'react';
import { fieldMessagesOf, isApiError } from '../../api/errors.ts';
import { addPasskey, listPasskeys, removePasskey } from '../../api/passkeys.ts';
import { Code } from '../../contract/codes.ts';
import type { PasskeyList } from '../../contract/passkeys/schemas.ts';
import { toast } from '../../stores/notices.ts';
import { Button } from '../../ui/button/button.tsx';
import { TextField } from '../../ui/form/text-field.tsx';
import { useT } from '../../ui/use-t.ts';
import '../../i18n/areas/second-factor.ts';

const SILENT = { silentCodes: [Code.invalid, Code.conflict, Code.notFound] };

/**
 * The account menu's passkeys (docs/decisions/passkeys.md): the person's keys with their names and
 * last use, "remove" per key, and "add a passkey" (a name, the password again, then the browser's
 * own dialog). Both ask the password; a wrong one is said under the field. The section has no form
 * of its own (it sits in the dialog's), so its buttons are plain buttons.
 */
export function PasskeysSection() {
  const t = useT();
  const [list, setList] = useState<PasskeyList | null>(null);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string; name?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const [version, setVersion] = useState(0);
  const reload = () => setVersion((n) => n + 1);
  useEffect(() => {
    void version;
    listPasskeys().then(setList, () => setList({ passkeys: [], max: 0 }));
  }, [version]);

  const run = async (work: () => Promise<void>, done: string) => {
    if (busy) return;
    if (!password) return setErrors({ password: t('account.factor.required') });
    setBusy(true);
    setErrors({});
    try {
      await work();
      setPassword('');
      setName('');
      toast(done, 'success');
      reload();
    } catch (failure) {
      const fields = fieldMessagesOf(failure);
      if (fields.password) setErrors({ password: fields.password });
      else if (isApiError(failure)) setErrors({ form: failure.message });
      // the browser's own refusal: the person cancelled, or has no authenticator here
      else setErrors({ form: t('account.passkeys.browserRefused') });
    } finally {
      setBusy(false);
    }
  };

  if (!list) return null;
  const full = list.passkeys.length >= list.max;
  return (
    <section className="second-factor__passkeys" aria-labelledby="lp-passkeys-heading">
      <h3 id="lp-passkeys-heading" className="second-factor__heading">
        {t('account.passkeys.title')}
      </h3>
      {list.passkeys.length === 0 ? (
        <p>{t('account.passkeys.none')}</p>
      ) : (
        <ul className="second-factor__keys">
          {list.passkeys.map((key) => (
            <li key={key.id}>
              <span>
                <strong>{key.name}</strong>{' '}
                <span className="second-factor__muted">
                  {key.last_used_at
                    ? t('account.passkeys.used', { when: key.last_used_at.slice(0, 10) })
                    : t('account.passkeys.added', { when: key.created_at.slice(0, 10) })}
                </span>
              </span>
              <Button
                size="sm"
                variant="text"
                guardMs={0}
                disabled={busy}
                aria-label={t('account.passkeys.removeOne', { name: key.name })}
                onClick={() =>
                  void run(
                    async () => void (await removePasskey(key.id, password, SILENT)),
                    t('account.passkeys.removed'),
                  )
                }
              >
                {t('account.passkeys.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <TextField
          name="passkey-name"
          label={t('account.passkeys.name')}
          hint={t('account.passkeys.nameHint')}
          value={name}
          onChange={setName}
          maxLength={60}
          error={errors.name}
        />
      )}
      <TextField
        name="passkey-password"
        type="password"
        autoComplete="current-password"
        label={t('account.passkeys.password')}
        hint={t('account.passkeys.passwordHint')}
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      {!full && (
        <Button
          guardMs={0}
          loading={busy}
          onClick={() =>
            void run(
              () => addPasskey(password, name.trim() || t('account.passkeys.defaultName'), SILENT),
              t('account.passkeys.addedToast'),
            )
          }
        >
          {t('account.passkeys.add')}
        </Button>
      )}
      {errors.form && (
        <p className="second-factor__error" role="alert">
          {errors.form}
        </p>
      )}
    </section>
  );
}
