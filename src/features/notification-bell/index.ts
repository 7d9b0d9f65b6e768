export { NotificationBell } from './notification-bell.tsx';
