export { CustomerSwitcher, type CustomerSwitcherProps, type CustomerChange } from './customer-switcher.tsx';
export { customerLabel, customerOptions } from './customer-options.ts';
