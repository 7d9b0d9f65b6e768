export { ApiClients } from './api-clients.tsx';
