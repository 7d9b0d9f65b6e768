import * as messages from '../messages/order-drafts.ts';
import { registerMessages } from '../translate.ts';

/** Imported by every module that names an `orderDrafts.*` key (src/features/order-drafts, the editor's persistence views). */
registerMessages(messages);
