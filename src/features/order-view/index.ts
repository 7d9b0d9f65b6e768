export { OrderView, type OrderViewProps, type OrderSection } from './order-view.tsx';
