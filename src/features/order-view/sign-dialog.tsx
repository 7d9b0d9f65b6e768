import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { fieldMessagesOf, isApiError } from '../../api/errors.ts';
import { signingPasskey } from '../../api/passkey-signing.ts';
import { Code } from '../../contract/codes.ts';
import type { SignatureInput, SignatureMeaning } from '../../contract/signatures/schemas.ts';
import { $session } from '../../stores/session.ts';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { TextAreaField } from '../../ui/form/text-area-field.tsx';
import { TextField } from '../../ui/form/text-field.tsx';
import { useT } from '../../ui/use-t.ts';
import { isAbort, ReauthWindowBlocked, useOrganisationSigning } from './use-organisation-signing.ts';
import { writeFailure } from './write-failure.ts';
import '../../i18n/areas/order-sign.ts';
import '../../i18n/areas/order-view.ts';

export interface SignDialogProps {
  title: string;
  /** What the submit button does: sign and approve, or sign and reject. */
  act: 'approve' | 'reject';
  /** The reason field: its label and whether it must be filled (null: no reason is asked). */
  reason: { label: string; required: boolean; max: number } | null;
  /** The meanings the act takes, the first chosen at first. */
  meanings: readonly SignatureMeaning[];
  /** What the signature is bound to, said above the password ('order' or 'document'). */
  subject: 'order' | 'document';
  /** Another page's words for the submit button and the statement (an excursion case's decision). */
  words?: { submit: string; statement: string };
  /** Does the signed write; a refusal is shown in the dialog (409/404: `onChanged`). */
  onSubmit: (reason: string, signature: SignatureInput) => Promise<void>;
  onClose: () => void;
  onChanged: () => void;
}

/**
 * An act that is an electronic signature (21 CFR Part 11 §11.50, §11.200): the signer's printed
 * name, the meaning chosen, and the password typed again for this signature whoever is signed in;
 * a wrong password is said under the field, the account's lock-out (407) above the buttons. A
 * signer with a second factor is asked its code after the server's 477 (the password stays).
 * Loaded with the first act that signs (order-view.tsx).
 */
export function SignDialog({
  title,
  act,
  reason: reasonField,
  meanings,
  subject,
  words,
  onSubmit,
  onClose,
  onChanged,
}: SignDialogProps) {
  const t = useT();
  const info = useStore($session).userInfo;
  const signer = info?.name ?? '';
  // a person of single sign-on confirms at their organisation, not with a password
  const sso = info?.sso === true;
  const organisation = useOrganisationSigning();
  const [reason, setReason] = useState('');
  const [meaning, setMeaning] = useState<SignatureMeaning>(meanings[0] ?? 'approval');
  const [password, setPassword] = useState('');
  // After a 477 (the signer has a second factor): its code too, the password kept
  const [factor, setFactor] = useState(false);
  // the methods the 477 named: a code field for the authenticator, a button for a passkey
  const [methods, setMethods] = useState<readonly string[]>([]);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; password?: string; code?: string; form?: string }>(
    {},
  );
  const codeRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // a password typed for one signature is never kept for the next
  useEffect(() => () => setPassword(''), []);

  const submit = async (event: FormEvent | null, withPasskey = false) => {
    event?.preventDefault();
    if (busy) return;
    // a signer whose only factor is a passkey signs with it from the form's own button too
    const passkey = withPasskey || (factor && !methods.includes('totp'));
    const text = reason.trim();
    if (reasonField?.required && !text) {
      setErrors({ reason: t('orderView.reasonRequired') });
      reasonRef.current?.focus();
      return;
    }
    let proof = '';
    if (sso) {
      setErrors({});
      try {
        proof = await organisation.confirm();
      } catch (failure) {
        if (!isAbort(failure))
          setErrors({
            form: failure instanceof ReauthWindowBlocked ? t('orderSign.ssoBlocked') : messageOf(failure),
          });
        return;
      }
    } else if (!password) {
      setErrors({ password: t('orderSign.passwordRequired') });
      passwordRef.current?.focus();
      return;
    }
    if (factor && !passkey && !code.trim()) {
      setErrors({ code: t('orderSign.codeRequired') });
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      let signature: SignatureInput = { password, meaning };
      if (sso) signature = { meaning, sso_proof: proof };
      else if (passkey) {
        signature = { password, meaning, passkey: await signingPasskey() };
      } else if (factor) signature = { password, meaning, code: code.trim() };
      await onSubmit(text, signature);
    } catch (failure) {
      setCode('');
      if (isApiError(failure) && failure.code === Code.secondFactorRequired) {
        setFactor(true);
        setMethods((failure.data as { methods?: string[] } | null)?.methods ?? ['totp']);
        requestAnimationFrame(() => codeRef.current?.focus());
        return;
      }
      if (passkey && !isApiError(failure)) {
        // the browser's refusal (the person cancelled, no key): the password stays
        setErrors({ code: t('orderSign.passkeyFailed') });
        return;
      }
      if (isApiError(failure) && fieldMessagesOf(failure)['signature.passkey']) {
        setErrors({ code: fieldMessagesOf(failure)['signature.passkey'] });
        return;
      }
      if (isApiError(failure) && fieldMessagesOf(failure)['signature.code']) {
        setErrors({ code: fieldMessagesOf(failure)['signature.code'] });
        codeRef.current?.focus();
        return;
      }
      setPassword('');
      if (isApiError(failure) && failure.code === Code.locked) {
        setErrors({ form: failure.message });
        return;
      }
      const what = writeFailure(failure);
      if (what.kind === 'changed') onChanged();
      else if (sso && what.kind === 'invalid' && !what.fields.reason) setErrors({ form: what.message });
      else if (what.kind === 'invalid' && what.fields.reason) {
        setErrors({ reason: what.fields.reason });
        reasonRef.current?.focus();
      } else if (what.kind === 'invalid') {
        const signature = Object.entries(what.fields).find(([field]) => field.startsWith('signature'));
        setErrors({ password: signature?.[1] ?? what.message });
        passwordRef.current?.focus();
      } else setErrors({ form: what.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      initialFocus={reasonField ? reasonRef : sso ? undefined : passwordRef}
      footer={
        <>
          <Button guardMs={0} onClick={onClose}>
            {t('orderView.dialog.cancel')}
          </Button>
          <Button
            type="submit"
            form="order-view-sign"
            guardMs={0}
            variant={act === 'reject' ? 'danger' : 'primary'}
            loading={busy}
          >
            {words?.submit ?? t(act === 'approve' ? 'orderSign.approve' : 'orderSign.reject')}
          </Button>
        </>
      }
    >
      <form id="order-view-sign" onSubmit={submit} noValidate className="order-view__form">
        {reasonField && (
          <TextAreaField
            name="reason"
            label={reasonField.label}
            value={reason}
            onChange={setReason}
            required={reasonField.required}
            maxLength={reasonField.max}
            counter
            error={errors.reason}
            inputRef={reasonRef}
          />
        )}
        <fieldset className="order-view__fieldset order-view__sign">
          <legend>{t('orderSign.legend')}</legend>
          <p className="order-view__sign-signer">
            <span className="order-view__muted">{t('orderSign.signer')}</span> <strong>{signer}</strong>
          </p>
          <fieldset className="order-view__fieldset order-view__fieldset--inline">
            <legend>{t('orderSign.meaning')}</legend>
            {meanings.map((value) => (
              <label key={value} className="order-view__radio">
                <input
                  type="radio"
                  name="meaning"
                  value={value}
                  checked={meaning === value}
                  onChange={() => setMeaning(value)}
                />
                {t(`orderView.sign.meaning.${value}`)}
              </label>
            ))}
          </fieldset>
          {sso ? (
            <p className="order-view__muted" role={organisation.waiting ? 'status' : undefined}>
              {t(organisation.waiting ? 'orderSign.ssoWaiting' : 'orderSign.ssoHint')}
            </p>
          ) : (
            <TextField
              name="password"
              type="password"
              autoComplete="current-password"
              label={t('orderSign.password')}
              hint={t('orderSign.passwordHint')}
              value={password}
              onChange={setPassword}
              required
              error={errors.password}
              inputRef={passwordRef}
            />
          )}
          {factor && methods.includes('passkey') && (
            <div className="order-view__passkey">
              <Button guardMs={0} onClick={() => void submit(null, true)} loading={busy}>
                {t('orderSign.usePasskey')}
              </Button>
              {!methods.includes('totp') && errors.code && (
                <p className="order-view__error" role="alert">
                  {errors.code}
                </p>
              )}
            </div>
          )}
          {factor && methods.includes('totp') && (
            <TextField
              name="code"
              autoComplete="one-time-code"
              label={t('orderSign.code')}
              hint={t('orderSign.codeHint')}
              value={code}
              onChange={setCode}
              required
              maxLength={16}
              error={errors.code}
              inputRef={codeRef}
            />
          )}
          <p className="order-view__muted">
            {words?.statement ??
              t(subject === 'order' ? 'orderSign.orderStatement' : 'orderSign.documentStatement')}
          </p>
        </fieldset>
        {errors.form && (
          <p className="order-view__error" role="alert">
            {errors.form}
          </p>
        )}
      </form>
    </Dialog>
  );
}

/** What a refusal says (the server's words), else the error's. */
const messageOf = (failure: unknown): string =>
  isApiError(failure) ? failure.message : failure instanceof Error ? failure.message : String(failure);
