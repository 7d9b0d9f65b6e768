import * as messages from '../messages/chat.ts';
import { registerMessages } from '../translate.ts';

/** Imported by every module that names a `chat.*` key (src/features/chat; the launcher reads messages/chat.ts itself). */
registerMessages(messages);
