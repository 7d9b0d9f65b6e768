import * as messages from '../messages/order-list.ts';
import { registerMessages } from '../translate.ts';

/** Imported by every module that names an `orderList.*` key (src/features/order-list). */
registerMessages(messages);
