import * as messages from '../messages/data-table.ts';
import { registerMessages } from '../translate.ts';

/** Imported by the data table (not by `index.ts`: the strings load with the table's chunk). */
registerMessages(messages);
