import * as messages from '../messages/account.ts';
import { registerMessages } from '../translate.ts';

/** Import once from code that shows the account area's strings. */
registerMessages(messages);
