import * as messages from '../messages/order-history.ts';
import { registerMessages } from '../translate.ts';

type Messages = typeof messages.zh;
declare module '../catalogue.ts' {
  /** This area's keys are message keys (`t()` takes them); catalogue.ts says why they are merged here. */
  interface FeatureMessages extends Messages {}
}

/** Imported by the order history's change lines (src/features/order-view/change-lines.tsx). */
registerMessages(messages);
