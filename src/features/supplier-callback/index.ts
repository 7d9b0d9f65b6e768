export { SupplierCallback, type SupplierCallbackProps } from './supplier-callback.tsx';
