export { SecondFactorDialog, type SecondFactorDialogProps } from './second-factor-dialog.tsx';
