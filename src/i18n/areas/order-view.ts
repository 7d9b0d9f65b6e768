import * as messages from '../messages/order-view.ts';
import { registerMessages } from '../translate.ts';

/** Imported by every module that names an `orderView.*` key (src/features/order-view). */
registerMessages(messages);
