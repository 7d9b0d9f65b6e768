import * as messages from '../messages/order-editor.ts';
import { registerMessages } from '../translate.ts';

/** Imported by every module that names an `orderEditor.*` key (src/features/order-editor). */
registerMessages(messages);
