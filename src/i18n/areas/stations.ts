import * as messages from '../messages/stations.ts';
import { registerMessages } from '../translate.ts';

/** Imported by every module that names a `stations.*` key (src/features/station-list). */
registerMessages(messages);
