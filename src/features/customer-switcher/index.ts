export { CustomerSwitcher, type CustomerSwitcherProps, type CustomerChange } from './customer-switcher.tsx';
export { customerChoices, customerLabel } from './customer-options.ts';
