export { LiveMark } from './live-mark.tsx';
export { NotificationBell } from './notification-bell.tsx';
