export { DownloadCentre, type DownloadCentreProps, POLL_MS } from './download-centre.tsx';
