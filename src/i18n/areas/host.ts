import * as messages from '../messages/host.ts';
import { registerMessages } from '../translate.ts';

/** Import once from code that shows the host area's strings. */
registerMessages(messages);
