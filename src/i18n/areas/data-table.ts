import * as messages from '../messages/data-table.ts';
import { registerMessages } from '../translate.ts';

/** Imported by every module that names a `ui.dataTable.*` key (src/ui/data-table): the strings load with the table. */
registerMessages(messages);
