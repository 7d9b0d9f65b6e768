export { OrderAttachments } from './order-attachments.tsx';
