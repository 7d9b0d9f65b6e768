import * as messages from '../messages/download-centre.ts';
import { registerMessages } from '../translate.ts';

/** Imported by every module that names a `downloads.*` key (src/features/download-centre). */
registerMessages(messages);
