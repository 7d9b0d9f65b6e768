import * as messages from '../messages/host.ts';
import { registerMessages } from '../translate.ts';

type Messages = typeof messages.zh;
declare module '../catalogue.ts' {
  /** This area's keys are message keys (`t()` takes them); catalogue.ts says why they are merged here. */
  interface FeatureMessages extends Messages {}
}

/** Imported once by the host shell (host/app.tsx): every host module may name `host.*` keys. */
registerMessages(messages);
