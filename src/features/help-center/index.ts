export { askInChat, chatLauncher } from './ask-in-chat.ts';
export { type HelpPlace, readPlace, writePlace } from './help-address.ts';
export { HelpCenter, type HelpCenterProps } from './help-center.tsx';
export {
  createHelpCenter,
  type HelpCenter as HelpCenterStore,
  type HelpState,
  RATED_KEY,
  SEARCH_DEBOUNCE_MS,
} from './help-center-store.ts';
