import * as messages from '../messages/host.ts';
import { registerMessages } from '../translate.ts';

/** Imported once by the host shell (host/app.tsx): every host module may name `host.*` keys. */
registerMessages(messages);
