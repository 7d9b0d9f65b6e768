import * as messages from '../messages/chat.ts';
import { registerMessages } from '../translate.ts';

/** Import once from code that shows the chat area's strings. */
registerMessages(messages);
