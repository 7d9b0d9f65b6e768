import * as messages from '../messages/home-overview.ts';
import { registerMessages } from '../translate.ts';

/** Imported by every module that names a `homeOverview.*` key (src/features/home-overview). */
registerMessages(messages);
