/** The element kit: a React-rendering custom element base, idempotent define, typed events. */
export { define } from './define.ts';
export { dispatch, type LpEventDetail, type LpEventName } from './events.ts';
export { type PropType, type PropValue, ReactElement, toAttribute } from './react-element.ts';
