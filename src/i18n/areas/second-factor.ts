import * as messages from '../messages/second-factor.ts';
import { registerMessages } from '../translate.ts';

type Messages = typeof messages.zh;
declare module '../catalogue.ts' {
  /** This area's keys are message keys (`t()` takes them); catalogue.ts says why they are merged here. */
  interface FeatureMessages extends Messages {}
}

/** Imported by the second-factor dialog (src/features/second-factor). */
registerMessages(messages);
