/** The element kit: a React-rendering custom element base, idempotent define, typed events, the page attributes, a store controller for Lit elements. */
export { define } from './define.ts';
export { dispatch, type LpEventDetail, type LpEventName } from './events.ts';
export {
  applyPageAttribute,
  PAGE_ATTRIBUTES,
  PAGE_PROPERTIES,
  type PageAttribute,
} from './page-attributes.ts';
export { type PropType, type PropValue, ReactElement, toAttribute } from './react-element.ts';
export { StoreController } from './store-controller.ts';
