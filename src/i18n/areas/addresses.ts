import * as messages from '../messages/addresses.ts';
import { registerMessages } from '../translate.ts';

/** Imported by every module that names an `addresses.*` key (src/features/address-list). */
registerMessages(messages);
