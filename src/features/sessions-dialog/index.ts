export { SessionsDialog } from './sessions-dialog.tsx';
