import { useRef, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { ssoAdmin } from '../../api/single-sign-on.ts';
import type { SsoConfig } from '../../contract/single-sign-on/schemas.ts';
import { chinaStamp } from '../../lib/china-time.ts';
import { toast } from '../../stores/notices.ts';
import { Button } from '../../ui/button/button.tsx';
import { useT } from '../../ui/use-t.ts';
import '../../i18n/areas/single-sign-on.ts';

/**
 * SCIM provisioning of the customer's single sign-on (server/areas/accounts/scim*.ts): the SCIM
 * address to register at the provider, the provisioning token's state, and issuing, replacing or
 * revoking it. A token just issued is shown here this once, with a copy button that selects it
 * where the clipboard is refused.
 */
export function SsoProvisioning({
  config,
  onChange,
}: {
  config: SsoConfig;
  onChange: (c: SsoConfig) => void;
}) {
  const t = useT();
  const p = config.provisioning;
  const [token, setToken] = useState('');
  const [said, setSaid] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const value = useRef<HTMLInputElement>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  const issue = () =>
    run(async () => {
      const made = await ssoAdmin.issueScimToken();
      setToken(made.token);
      setSaid('');
      onChange(await ssoAdmin.read());
    });
  const revoke = () =>
    run(async () => {
      onChange(await ssoAdmin.revokeScimToken());
      setToken('');
      toast(t('sso.scim.revoked'), 'success');
    });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setSaid(t('sso.scim.copied'));
    } catch {
      value.current?.select();
      setSaid(t('sso.scim.copyManual'));
    }
  };

  return (
    <section aria-labelledby="sessions-dialog-scim">
      <h4 id="sessions-dialog-scim">{t('sso.scim.title')}</h4>
      <p className="sessions-dialog__note">{t('sso.scim.intro', { url: p.base_url })}</p>
      {p.token_issued && p.token_issued_at ? (
        <p className="sessions-dialog__small">
          {t('sso.scim.issued', { name: p.token_issued_by, time: chinaStamp(p.token_issued_at) })} ·{' '}
          {p.token_last_used_at
            ? t('sso.scim.lastUsed', { time: chinaStamp(p.token_last_used_at) })
            : t('sso.scim.neverUsed')}{' '}
          · {t('sso.scim.count', { count: p.provisioned })}
        </p>
      ) : (
        <p className="sessions-dialog__small">{t('sso.scim.none')}</p>
      )}
      {token && (
        <div className="sessions-dialog__token" role="alert">
          <p>{t('sso.scim.once')}</p>
          <input
            ref={value}
            className="sessions-dialog__token-value"
            readOnly
            spellCheck={false}
            aria-label={t('sso.scim.token')}
            value={token}
            onFocus={(event) => event.currentTarget.select()}
          />{' '}
          <Button size="sm" guardMs={400} onClick={() => void copy()}>
            {t('sso.scim.copy')}
          </Button>{' '}
          <span className="sessions-dialog__small" role="status">
            {said}
          </span>
        </div>
      )}
      {error && (
        <p className="sessions-dialog__error" role="alert">
          {error}
        </p>
      )}
      <Button guardMs={400} loading={busy} onClick={() => void issue()}>
        {p.token_issued ? t('sso.scim.rotate') : t('sso.scim.issue')}
      </Button>{' '}
      {p.token_issued && (
        <Button guardMs={400} disabled={busy} onClick={() => void revoke()}>
          {t('sso.scim.revoke')}
        </Button>
      )}
    </section>
  );
}
