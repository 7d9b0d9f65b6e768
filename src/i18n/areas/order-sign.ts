import * as messages from '../messages/order-sign.ts';
import { registerMessages } from '../translate.ts';

type Messages = typeof messages.zh;
declare module '../catalogue.ts' {
  /** This area's keys are message keys (`t()` takes them); catalogue.ts says why they are merged here. */
  interface FeatureMessages extends Messages {}
}

/** Imported by the order view's signing dialog (src/features/order-view/sign-dialog.tsx). */
registerMessages(messages);
