export { DownloadCenter, type DownloadCenterProps, POLL_MS } from './download-center.tsx';
