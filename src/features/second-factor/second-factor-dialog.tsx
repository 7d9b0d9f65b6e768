import { type FormEvent, useEffect, useRef, useState } from 'react';
import { fieldMessagesOf, isApiError } from '../../api/errors.ts';
import {
  confirmSecondFactor,
  enrolSecondFactor,
  removeSecondFactor,
  secondFactorStatus,
} from '../../api/second-factor.ts';
import { renewRecoveryCodes } from '../../api/recovery-codes.ts';
import { Code } from '../../contract/codes.ts';
import type { EnrolResponse, SecondFactorStatus } from '../../contract/second-factor/schemas.ts';
import { toast } from '../../stores/notices.ts';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { TextField } from '../../ui/form/text-field.tsx';
import { useDomId } from '../../ui/use-id.ts';
import { useT } from '../../ui/use-t.ts';
import { qrPath } from '../order-view/qr.ts';
import { PasskeysSection } from './passkeys-section.tsx';
import '../../i18n/areas/second-factor.ts';

export interface SecondFactorDialogProps {
  open: boolean;
  onClose: () => void;
  /** The factor was turned on (after the recovery codes were shown) or off. */
  onChanged: (enabled: boolean) => void;
}

type Step =
  | { kind: 'loading' }
  | { kind: 'status'; status: SecondFactorStatus }
  | { kind: 'scan'; enrol: EnrolResponse }
  | { kind: 'renew' }
  | { kind: 'codes'; codes: string[] };

const SILENT = { silentCodes: [Code.invalid, Code.conflict] };

/**
 * Two-step sign-in from the account menu (issue 34): off → the password → the otpauth QR code and
 * its key as text → the first code turns it on → the 10 recovery codes, shown this once. On → the
 * password and a code (or a recovery code) turn it off. Wrong fields are said under them.
 */
export function SecondFactorDialog({ open, onClose, onChanged }: SecondFactorDialogProps) {
  const t = useT();
  const formId = useDomId('lp-second-factor-form');
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const focusRef = useRef<HTMLInputElement>(null);
  // the element hands a new function each render: the opening effect below must not follow it
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    setStep({ kind: 'loading' });
    setPassword('');
    setCode('');
    setErrors({});
    secondFactorStatus().then(
      (status) => setStep({ kind: 'status', status }),
      () => close.current(),
    );
  }, [open]);

  const failed = (failure: unknown) => {
    const fields = fieldMessagesOf(failure);
    if (fields.password || fields.code) setErrors({ password: fields.password, code: fields.code });
    else setErrors({ form: isApiError(failure) ? failure.message : String(failure) });
    requestAnimationFrame(() => focusRef.current?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const required = t('account.factor.required');
    const renew = step.kind === 'renew';
    const needsCode = renew || step.kind === 'scan' || (step.kind === 'status' && step.status.enabled);
    const needsPassword = renew || step.kind === 'status';
    const missing = {
      ...(needsPassword && !password ? { password: required } : {}),
      ...(needsCode && !code.trim() ? { code: required } : {}),
    };
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      if (step.kind === 'status' && !step.status.enabled) {
        setStep({ kind: 'scan', enrol: await enrolSecondFactor(password, SILENT) });
        setPassword('');
      } else if (step.kind === 'scan') {
        const { recovery_codes } = await confirmSecondFactor(code, SILENT);
        setStep({ kind: 'codes', codes: recovery_codes });
      } else if (renew) {
        const { recovery_codes } = await renewRecoveryCodes(password, code, SILENT);
        setPassword('');
        setStep({ kind: 'codes', codes: recovery_codes });
      } else if (step.kind === 'status') {
        await removeSecondFactor(password, code, SILENT);
        toast(t('account.factor.removed'), 'success');
        onChanged(false);
      } else if (step.kind === 'codes') onChanged(true);
      setCode('');
    } catch (failure) {
      failed(failure);
    } finally {
      setBusy(false);
    }
  };

  const submitLabel = () => {
    if (step.kind === 'scan') return t('account.factor.confirm');
    if (step.kind === 'renew') return t('account.factor.renew');
    if (step.kind === 'codes') return t('account.factor.saved');
    if (step.kind === 'status' && step.status.enabled) return t('account.factor.remove');
    return t('account.factor.start');
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      initialFocus={focusRef}
      title={step.kind === 'codes' ? t('account.factor.recoveryTitle') : t('account.factor.title')}
      footer={
        <>
          {step.kind !== 'codes' && (
            <Button guardMs={0} onClick={onClose}>
              {t('account.factor.cancel')}
            </Button>
          )}
          {step.kind !== 'loading' && (
            <Button
              variant={step.kind === 'status' && step.status.enabled ? 'danger' : 'primary'}
              type="submit"
              form={formId}
              loading={busy}
              guardMs={0}
            >
              {submitLabel()}
            </Button>
          )}
        </>
      }
    >
      <form id={formId} part="base" className="second-factor" noValidate onSubmit={submit}>
        {step.kind === 'status' && (
          <p className="second-factor__state">
            {step.status.enabled
              ? t('account.factor.on', { left: step.status.recovery_codes_left })
              : t('account.factor.off')}
          </p>
        )}
        {step.kind === 'status' && step.status.enabled && (
          <button type="button" className="second-factor__renew" onClick={() => setStep({ kind: 'renew' })}>
            {t('account.factor.renewStart')}
          </button>
        )}
        {step.kind === 'renew' && <p>{t('account.factor.renewIntro')}</p>}
        {(step.kind === 'status' || step.kind === 'renew') && (
          <TextField
            name="password"
            type="password"
            autoComplete="current-password"
            label={t('account.factor.password')}
            value={password}
            onChange={setPassword}
            required
            error={errors.password}
            inputRef={focusRef}
          />
        )}
        {step.kind === 'scan' && <ScanStep enrol={step.enrol} />}
        {(step.kind === 'scan' ||
          step.kind === 'renew' ||
          (step.kind === 'status' && step.status.enabled)) && (
          <TextField
            name="code"
            autoComplete="one-time-code"
            inputMode={step.kind === 'scan' ? 'numeric' : 'text'}
            label={t('account.factor.code')}
            hint={step.kind === 'scan' ? t('account.factor.codeHint') : t('account.factor.removeCodeHint')}
            value={code}
            onChange={setCode}
            required
            maxLength={16}
            error={errors.code}
            {...(step.kind === 'scan' ? { inputRef: focusRef } : {})}
          />
        )}
        {step.kind === 'codes' && (
          <>
            <p>{t('account.factor.recoveryIntro')}</p>
            <ol className="second-factor__codes" aria-label={t('account.factor.recoveryTitle')}>
              {step.codes.map((c) => (
                <li key={c}>
                  <code>{c}</code>
                </li>
              ))}
            </ol>
          </>
        )}
        {errors.form && (
          <p className="second-factor__error" role="alert">
            {errors.form}
          </p>
        )}
        {step.kind === 'status' && <PasskeysSection />}
      </form>
    </Dialog>
  );
}

/** The otpauth:// URI as a QR code (SVG, qrcode-generator) and the key as text, in groups of 4. */
function ScanStep({ enrol }: { enrol: EnrolResponse }) {
  const t = useT();
  const qr = qrPath(enrol.otpauth_uri);
  return (
    <>
      <p>{t('account.factor.scan')}</p>
      <svg
        className="second-factor__qr"
        role="img"
        aria-label={t('account.factor.qrAlt')}
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        width={200}
        height={200}
      >
        <rect width={qr.size} height={qr.size} fill="#fff" />
        <path d={qr.path} fill="#000" />
      </svg>
      <p className="second-factor__secret">
        <span>{t('account.factor.secret')}</span>{' '}
        <code data-secret={enrol.secret}>{enrol.secret.replace(/(.{4})(?=.)/g, '$1 ')}</code>
      </p>
    </>
  );
}
