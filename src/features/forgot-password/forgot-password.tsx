import { type RefObject, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { requestResetCode, resetPasswordWithCode } from '../../api/password-reset.ts';
import { Code } from '../../contract/codes.ts';
import { ForgotPasswordRequest, ResetPasswordRequest } from '../../contract/password-reset/schemas.ts';
import { toast } from '../../stores/notices.ts';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { mergeRefs } from '../../ui/form/merge-refs.ts';
import { TextField } from '../../ui/form/text-field.tsx';
import { useForm } from '../../ui/form/use-form.ts';
import { useDomId } from '../../ui/use-id.ts';
import { useSecondsUntil } from '../../ui/use-seconds-until.ts';
import { useT } from '../../ui/use-t.ts';
import { usePasswordRules } from '../password-dialog/password-rules.tsx';
import { sayFailure } from '../password-dialog/say-failure.ts';
import '../../i18n/areas/forgot-password.ts';

/** Spec §9: the send button waits 60 s after a code (the server sends one a minute per account). */
const RESEND_S = 60;
/** Failures the form says itself, where the user looks (no toast). */
const INLINE = [Code.invalid, Code.tooManyRequests];

export interface ForgotPasswordProps {
  open: boolean;
  /** Prefilled account (what the login form holds). */
  account: string;
  onCancel: () => void;
  /** The password was reset (every session of the user ended). */
  onReset: (username: string) => void;
}

/**
 * Forgot password, in a modal dialog: the account and its registered mobile (`user/forgot-password`,
 * which answers the same whether or not they match), then the texted code and the new password
 * twice, with the policy's checklist (`user/reset-password`).
 */
export function ForgotPassword({ open, account, onCancel, onReset }: ForgotPasswordProps) {
  const t = useT();
  const [asked, setAsked] = useState<{ username: string; mobile: string; masked: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const focusRef = useRef<HTMLInputElement>(null);
  const formId = useDomId('lp-forgot-password-form');
  // a fresh flow on every opening
  const openings = useRef(0);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) openings.current += 1;
  wasOpen.current = open;
  useEffect(() => {
    if (!open) setAsked(null);
  }, [open]);

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      initialFocus={focusRef}
      title={t('forgotPassword.title')}
      className="forgot-password"
      footer={
        <>
          {asked ? (
            <Button guardMs={0} onClick={() => setAsked(null)}>
              {t('forgotPassword.back')}
            </Button>
          ) : (
            <Button guardMs={0} onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          {/* like the sign-in's button: no click guard, `loading` holds a second send back */}
          <Button variant="primary" type="submit" form={formId} loading={busy} guardMs={0}>
            {asked ? t('forgotPassword.submit') : t('forgotPassword.sendCode')}
          </Button>
        </>
      }
    >
      {open &&
        (asked ? (
          <ResetStep
            key={`reset-${openings.current}`}
            formId={formId}
            asked={asked}
            onBusy={setBusy}
            focusRef={focusRef}
            onReset={() => {
              toast(t('forgotPassword.done'), 'success');
              onReset(asked.username);
            }}
          />
        ) : (
          <AskStep
            key={`ask-${openings.current}`}
            formId={formId}
            account={account}
            onBusy={setBusy}
            focusRef={focusRef}
            onAsked={setAsked}
          />
        ))}
    </Dialog>
  );
}

interface StepProps {
  formId: string;
  onBusy: (busy: boolean) => void;
  focusRef: RefObject<HTMLInputElement | null>;
}

/** What a refusal the form shows above its fields says: the wait of a 407, a 429. */
function formMessage(error: unknown, t: ReturnType<typeof useT>): string | null {
  if (!isApiError(error)) return null;
  if (error.code === Code.locked) {
    const seconds = (error.data as { retry_after?: number } | null)?.retry_after ?? 0;
    return t('forgotPassword.wait', { seconds });
  }
  if (error.code === Code.tooManyRequests) return t('forgotPassword.tooMany');
  return null;
}

/** Step 1: account and registered mobile. */
function AskStep({
  formId,
  account,
  onBusy,
  focusRef,
  onAsked,
}: StepProps & {
  account: string;
  onAsked: (asked: { username: string; mobile: string; masked: string }) => void;
}) {
  const t = useT();
  const [message, setMessage] = useState('');
  const form = useForm({
    schema: ForgotPasswordRequest,
    initial: { username: account, mobile: '' },
    onSubmit: async (request) => {
      setMessage('');
      try {
        const sent = await requestResetCode(request.username, request.mobile, { silentCodes: INLINE });
        askedAt = Date.now();
        onAsked({ username: request.username, mobile: request.mobile, masked: sent.mobile });
      } catch (error) {
        const said = formMessage(error, t);
        if (said) setMessage(said);
        else sayFailure(form, error);
      }
    },
  });
  useEffect(() => onBusy(form.submitting), [form.submitting, onBusy]);
  const username = form.field('username');
  const mobile = form.field('mobile');
  return (
    <form id={formId} className="forgot-password__form" noValidate onSubmit={(e) => void form.submit(e)}>
      <p className="forgot-password__intro">{t('forgotPassword.intro')}</p>
      <TextField
        {...username}
        inputRef={account ? username.inputRef : mergeRefs(username.inputRef, focusRef)}
        label={t('forgotPassword.account')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
      />
      <TextField
        {...mobile}
        inputRef={account ? mergeRefs(mobile.inputRef, focusRef) : mobile.inputRef}
        type="tel"
        inputMode="tel"
        label={t('forgotPassword.mobile')}
        autoComplete="tel"
        required
      />
      <p className="forgot-password__message" role="alert">
        {message}
      </p>
    </form>
  );
}

/** When the last code was asked for on this page (the countdown survives going back to step 1). */
let askedAt = 0;

/** Step 2: the texted code and the new password twice. */
function ResetStep({
  formId,
  asked,
  onBusy,
  focusRef,
  onReset,
}: StepProps & { asked: { username: string; mobile: string; masked: string }; onReset: () => void }) {
  const t = useT();
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const seconds = useSecondsUntil(askedAt + RESEND_S * 1000);
  const form = useForm({
    schema: ResetPasswordRequest,
    initial: {
      username: asked.username,
      mobile: asked.mobile,
      captcha: '',
      new_password1: '',
      new_password2: '',
    },
    onSubmit: async (request) => {
      setMessage('');
      try {
        await resetPasswordWithCode(request, { silentCodes: INLINE });
      } catch (error) {
        const said = formMessage(error, t);
        if (said) setMessage(said);
        else sayFailure(form, error, { [Code.captchaRequired]: ['captcha', t('forgotPassword.codeWrong')] });
        return;
      }
      onReset();
    },
  });
  useEffect(() => onBusy(form.submitting), [form.submitting, onBusy]);
  const rules = usePasswordRules(form.values.new_password1, false);
  const captcha = form.field('captcha');

  const resend = async () => {
    setSending(true);
    setMessage('');
    try {
      await requestResetCode(asked.username, asked.mobile, { silentCodes: INLINE });
      askedAt = Date.now();
    } catch (error) {
      setMessage(formMessage(error, t) ?? '');
    } finally {
      setSending(false);
    }
  };

  return (
    <form id={formId} className="forgot-password__form" noValidate onSubmit={(e) => void form.submit(e)}>
      <p className="forgot-password__intro" role="status">
        {t('forgotPassword.sent', { mobile: asked.masked })}
      </p>
      <TextField
        {...captcha}
        inputRef={mergeRefs(captcha.inputRef, focusRef)}
        inputMode="numeric"
        label={t('forgotPassword.code')}
        autoComplete="one-time-code"
        maxLength={6}
        required
        after={
          <Button
            className="forgot-password__send"
            guardMs={0}
            loading={sending}
            disabled={seconds > 0}
            onClick={() => void resend()}
          >
            {seconds > 0 ? t('forgotPassword.resendIn', { seconds }) : t('forgotPassword.resend')}
          </Button>
        }
      />
      <TextField
        {...form.field('new_password1')}
        type="password"
        label={t('forgotPassword.newPassword')}
        autoComplete="new-password"
        hint={rules.hint}
        status={rules.status}
        required
      />
      <TextField
        {...form.field('new_password2')}
        type="password"
        label={t('forgotPassword.confirmPassword')}
        autoComplete="new-password"
        required
      />
      <p className="forgot-password__message" role="alert">
        {message}
      </p>
    </form>
  );
}
