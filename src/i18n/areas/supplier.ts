import * as messages from '../messages/supplier.ts';
import { registerMessages } from '../translate.ts';

/** Imported by every module that names a `supplier.*` key (src/features/supplier-callback). */
registerMessages(messages);
