import * as messages from '../messages/projects.ts';
import { registerMessages } from '../translate.ts';

/** Imported by every module that names a `projects.*` key (src/features/project-list, src/features/project-view). */
registerMessages(messages);
