import * as messages from '../messages/inventory.ts';
import { registerMessages } from '../translate.ts';

/** Imported by every module that names an `inventory.*` key (src/features/inventory-table). */
registerMessages(messages);
