import * as messages from '../messages/download-center.ts';
import { registerMessages } from '../translate.ts';

/** Imported by every module that names a `downloads.*` key (src/features/download-center). */
registerMessages(messages);
