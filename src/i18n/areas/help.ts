import * as messages from '../messages/help.ts';
import { registerMessages } from '../translate.ts';

/** Imported by every module that names a `help.*` key (src/features/help-center). */
registerMessages(messages);
