import * as messages from '../messages/field.ts';
import { registerMessages } from '../translate.ts';

/** Import once from code that shows form field messages (src/lib/field-messages.ts does). */
registerMessages(messages);
