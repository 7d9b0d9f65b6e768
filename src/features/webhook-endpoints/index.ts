export { WebhookEndpoints } from './webhook-endpoints.tsx';
