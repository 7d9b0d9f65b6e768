import * as messages from '../messages/sessions-dialog.ts';
import { registerMessages } from '../translate.ts';

type Messages = typeof messages.zh;
declare module '../catalogue.ts' {
  /** This area's keys are message keys (`t()` takes them); catalogue.ts says why they are merged here. */
  interface FeatureMessages extends Messages {}
}

/** Imported by every module that names a `sessionsDialog.*` key (src/features/sessions-dialog). */
registerMessages(messages);
