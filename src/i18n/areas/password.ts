import * as messages from '../messages/password.ts';
import { registerMessages } from '../translate.ts';

/** Imported by every module that names an `account.password.*` or `account.rules.*` key (src/features/password-dialog). */
registerMessages(messages);
