import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { ssoAdmin } from '../../api/single-sign-on.ts';
import type { DomainCheckResult, SsoConfig, SsoDomainProof } from '../../contract/single-sign-on/schemas.ts';
import { chinaStamp } from '../../lib/china-time.ts';
import { toast } from '../../stores/notices.ts';
import { messagesByField } from '../../ui/admin-page/messages-by-field.ts';
import { Button } from '../../ui/button/button.tsx';
import { TextField } from '../../ui/form/text-field.tsx';
import { useT } from '../../ui/use-t.ts';
import '../../i18n/areas/single-sign-on.ts';
import { SsoProvisioning } from './sso-provisioning.tsx';

interface Draft {
  issuer: string;
  client_id: string;
  client_secret: string;
  domains: string;
  grants: number[];
}
const draftOf = (c: SsoConfig): Draft => ({
  issuer: c.issuer,
  client_id: c.client_id,
  client_secret: '',
  domains: c.domains.join(', '),
  grants: c.configured ? c.grants : c.grantable.map((g) => g.cu_id).slice(0, 1),
});

type T = ReturnType<typeof useT>;

const RESULT = {
  verified: 'sso.form.result.verified',
  missing: 'sso.form.result.missing',
  mismatch: 'sso.form.result.mismatch',
  unreachable: 'sso.form.result.unreachable',
} as const satisfies Record<DomainCheckResult, string>;

/** A value to publish, whole and selectable, with a copy button (the text selected where the clipboard is refused). */
function CopyValue({ value, what, t }: { value: string; what: string; t: T }) {
  const ref = useRef<HTMLElement>(null);
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid(t('sso.form.copied'));
    } catch {
      if (ref.current) getSelection()?.selectAllChildren(ref.current);
      setSaid(t('sso.form.copyManual'));
    }
  };
  return (
    <dd>
      <code className="sessions-dialog__value" ref={ref}>
        {value}
      </code>{' '}
      <Button
        size="sm"
        guardMs={400}
        aria-label={t('sso.form.copyLabel', { what })}
        onClick={() => void copy()}
      >
        {t('sso.form.copy')}
      </Button>{' '}
      <span className="sessions-dialog__small" role="status">
        {said}
      </span>
    </dd>
  );
}

/**
 * The saved domains' proofs (`domain_proofs`): each one's state; a pending one's TXT record to
 * publish, with copy buttons, and "Check now" (`customer-account/sso-domain-check`), what the
 * last check found, and the check's refusal beside it.
 */
function DomainProofs({
  proofs,
  checking,
  problems,
  onCheck,
  t,
}: {
  proofs: SsoDomainProof[];
  checking: string;
  problems: Record<string, string>;
  onCheck: (domain: string) => void;
  t: T;
}) {
  if (proofs.length === 0) return null;
  return (
    <>
      <h4>{t('sso.form.proofs')}</h4>
      <p className="sessions-dialog__note">{t('sso.form.proofsIntro')}</p>
      <ul className="sessions-dialog__list">
        {proofs.map((p) => (
          <li key={p.domain} className="sessions-dialog__row">
            <div className="sessions-dialog__what">
              <span>
                <span className="sessions-dialog__device">{p.domain}</span>{' '}
                <span className={`sessions-dialog__state sessions-dialog__state--${p.state}`}>
                  {t(p.state === 'verified' ? 'sso.form.state.verified' : 'sso.form.state.pending')}
                </span>
              </span>
              {p.state === 'pending' && (
                <dl className="sessions-dialog__record">
                  <dt>{t('sso.form.recordName')}</dt>
                  <CopyValue value={p.record_name} what={t('sso.form.recordName')} t={t} />
                  <dt>{t('sso.form.recordType')}</dt>
                  <dd>
                    <code className="sessions-dialog__value">TXT</code>
                  </dd>
                  <dt>{t('sso.form.recordValue')}</dt>
                  <CopyValue value={p.record_value} what={t('sso.form.recordValue')} t={t} />
                </dl>
              )}
              {p.verified_at && (
                <span className="sessions-dialog__small">
                  {t('sso.form.verifiedAt', { time: chinaStamp(p.verified_at) })}
                </span>
              )}
              {p.checked_at && p.check_result && p.check_result !== 'verified' && (
                <span className="sessions-dialog__small">
                  {t('sso.form.lastCheck', {
                    time: chinaStamp(p.checked_at),
                    result: t(RESULT[p.check_result]),
                  })}
                </span>
              )}
              {problems[p.domain] && (
                <span className="sessions-dialog__error" role="alert">
                  {problems[p.domain]}
                </span>
              )}
              {p.state === 'pending' && (
                <span>
                  <Button
                    size="sm"
                    guardMs={400}
                    loading={checking === p.domain}
                    aria-label={t('sso.form.checkLabel', { domain: p.domain })}
                    onClick={() => onCheck(p.domain)}
                  >
                    {t('sso.form.check')}
                  </Button>
                </span>
              )}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The customer's single sign-on (`customer-account/sso-config`, issue 34), for its administrators,
 * below the session policy: the provider's issuer, client id and secret (never shown; empty keeps
 * it), the e-mail domains, the customers a just-in-time account gets (of those the administrator
 * administers), each saved domain's proof (its DNS TXT record and "Check now": only a verified
 * domain signs in), and the identities linked so far, each deactivatable. Loaded lazily by the dialog
 * (its own chunk and strings); hidden when the server says the user is no administrator (403).
 */
export default function SsoForm() {
  const t = useT();
  const [config, setConfig] = useState<SsoConfig | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [saving, setSaving] = useState(false);
  const [checking, setChecking] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});

  const show = (read: SsoConfig) => {
    setConfig(read);
    setDraft(draftOf(read));
  };
  useEffect(() => {
    ssoAdmin.read().then(
      (read) => {
        setConfig(read);
        setDraft(draftOf(read));
      },
      () => setConfig(null),
    );
  }, []);
  if (!config || !draft) return null;

  const failed = (error: unknown) => {
    const byField = messagesByField(error);
    setErrors(byField);
    setFormError(Object.keys(byField).length === 0 && isApiError(error) ? error.message : '');
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setFormError('');
    try {
      const domains = draft.domains
        .split(/[\s,，;]+/)
        .map((d) => d.trim())
        .filter(Boolean);
      show(
        await ssoAdmin.save({
          issuer: draft.issuer,
          client_id: draft.client_id,
          ...(draft.client_secret ? { client_secret: draft.client_secret } : {}),
          domains,
          grants: draft.grants,
        }),
      );
      toast(t('sso.form.saved'), 'success');
    } catch (error) {
      failed(error);
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    try {
      await ssoAdmin.remove();
      show(await ssoAdmin.read());
      toast(t('sso.form.removed'), 'success');
    } catch (error) {
      failed(error);
    }
  };
  const deactivate = async (id: number) => {
    try {
      show(await ssoAdmin.deactivate(id));
    } catch (error) {
      failed(error);
    }
  };
  // a check answers the configuration again: the domains' states change, the draft being typed stays
  const check = async (domain: string) => {
    setChecking(domain);
    setProblems(({ [domain]: _, ...rest }) => rest);
    try {
      setConfig(await ssoAdmin.checkDomain(domain));
      toast(t('sso.form.checked', { domain }), 'success');
    } catch (error) {
      setProblems((was) => ({ ...was, [domain]: isApiError(error) ? error.message : '' }));
      // what the check found (its time and result) is kept: read it
      ssoAdmin.read().then(setConfig, () => {});
    } finally {
      setChecking('');
    }
  };
  const toggle = (cuId: number, on: boolean) =>
    setDraft({ ...draft, grants: on ? [...draft.grants, cuId] : draft.grants.filter((g) => g !== cuId) });

  return (
    <section className="sessions-dialog__policy" aria-labelledby="sessions-dialog-sso">
      <h3 id="sessions-dialog-sso">{t('sso.form.title')}</h3>
      <p className="sessions-dialog__note">
        {t('sso.form.intro', { uri: config.redirect_uri, logout: config.backchannel_logout_uri })}
      </p>
      <form className="sessions-dialog__form" onSubmit={(event) => void save(event)} noValidate>
        <TextField
          name="issuer"
          required
          label={t('sso.form.issuer')}
          hint={t('sso.form.issuerHint')}
          value={draft.issuer}
          error={errors.issuer}
          onChange={(issuer) => setDraft({ ...draft, issuer })}
        />
        <TextField
          name="client_id"
          required
          label={t('sso.form.clientId')}
          value={draft.client_id}
          error={errors.client_id}
          onChange={(client_id) => setDraft({ ...draft, client_id })}
        />
        <TextField
          name="client_secret"
          type="password"
          required={!config.configured}
          label={t('sso.form.clientSecret')}
          hint={config.configured ? t('sso.form.clientSecretKeep') : undefined}
          value={draft.client_secret}
          error={errors.client_secret}
          onChange={(client_secret) => setDraft({ ...draft, client_secret })}
        />
        <TextField
          name="domains"
          required
          label={t('sso.form.domains')}
          hint={t('sso.form.domainsHint')}
          value={draft.domains}
          error={errors.domains ?? Object.entries(errors).find(([k]) => k.startsWith('domains['))?.[1]}
          onChange={(domains) => setDraft({ ...draft, domains })}
        />
        <fieldset className="sessions-dialog__grants">
          <legend>{t('sso.form.grants')}</legend>
          {config.grantable.map((c) => (
            <label key={c.cu_id}>
              <input
                type="checkbox"
                checked={draft.grants.includes(c.cu_id)}
                onChange={(event) => toggle(c.cu_id, event.currentTarget.checked)}
              />{' '}
              {c.cu_name}
            </label>
          ))}
          {errors.grants && <p className="sessions-dialog__error">{errors.grants}</p>}
        </fieldset>
        {formError && (
          <p className="sessions-dialog__error" role="alert">
            {formError}
          </p>
        )}
        {config.updated_at && (
          <p className="sessions-dialog__small">
            {t('sso.form.updated', { name: config.updated_by, time: chinaStamp(config.updated_at) })}
          </p>
        )}
        <Button variant="primary" type="submit" guardMs={400} loading={saving}>
          {t('sso.form.save')}
        </Button>
        {config.configured && (
          <Button guardMs={400} onClick={() => void remove()}>
            {t('sso.form.remove')}
          </Button>
        )}
      </form>
      <DomainProofs
        proofs={config.domain_proofs}
        checking={checking}
        problems={problems}
        onCheck={(domain) => void check(domain)}
        t={t}
      />
      <h4>{t('sso.form.identities')}</h4>
      {config.identities.length === 0 ? (
        <p className="sessions-dialog__note">{t('sso.form.noIdentities')}</p>
      ) : (
        <ul className="sessions-dialog__list">
          {config.identities.map((i) => (
            <li key={i.id}>
              <span>
                {i.name} · {i.email}
              </span>{' '}
              {i.active ? (
                <Button
                  size="sm"
                  guardMs={400}
                  aria-label={t('sso.form.deactivateLabel', { email: i.email })}
                  onClick={() => void deactivate(i.id)}
                >
                  {t('sso.form.deactivate')}
                </Button>
              ) : (
                <span className="sessions-dialog__small">{t('sso.form.deactivated')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {config.configured && <SsoProvisioning config={config} onChange={show} />}
    </section>
  );
}
