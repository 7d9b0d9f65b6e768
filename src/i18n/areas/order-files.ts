import * as messages from '../messages/order-files.ts';
import { registerMessages } from '../translate.ts';

/** Imported by every module that names an `orderFiles.*` key (src/features/order-attachments). */
registerMessages(messages);
