import * as messages from '../messages/sites.ts';
import { registerMessages } from '../translate.ts';

/** Imported by every module that names a `sites.*` or `cities.*` key (src/features/hospital-list, src/features/city-list). */
registerMessages(messages);
