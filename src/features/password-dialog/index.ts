export { PasswordDialog, type PasswordDialogMode, type PasswordDialogProps } from './password-dialog.tsx';
export {
  $smsCountdownUntil,
  clearSmsCountdown,
  SMS_COUNTDOWN_KEY,
  SMS_COUNTDOWN_S,
  startSmsCountdown,
} from './sms-countdown.ts';
