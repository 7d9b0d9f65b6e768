export { ForgotPassword } from './forgot-password.tsx';
