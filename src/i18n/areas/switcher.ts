import * as messages from '../messages/switcher.ts';
import { registerMessages } from '../translate.ts';

/** Imported by every module that names an `account.switcher.*` key (src/features/customer-switcher). */
registerMessages(messages);
