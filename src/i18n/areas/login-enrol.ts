import * as messages from '../messages/login-enrol.ts';
import { registerMessages } from '../translate.ts';

type Messages = typeof messages.zh;
declare module '../catalogue.ts' {
  /** This area's keys are message keys (`t()` takes them); catalogue.ts says why they are merged here. */
  interface FeatureMessages extends Messages {}
}

/** Imported by the login page's lazy enrolment step (host/pages/login/enrol-step.tsx) only. */
registerMessages(messages);
