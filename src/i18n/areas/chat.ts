import * as messages from '../messages/chat.ts';
import { registerMessages } from '../translate.ts';

type Messages = typeof messages.zh;
declare module '../catalogue.ts' {
  /** This area's keys are message keys (`t()` takes them); catalogue.ts says why they are merged here. */
  interface FeatureMessages extends Messages {}
}

/** Imported by every module that names a `chat.*` key (src/features/chat; the launcher reads its own two, messages/chat-launcher.ts, itself). */
registerMessages(messages);
