import * as messages from '../messages/single-sign-on.ts';
import { registerMessages } from '../translate.ts';

type Messages = typeof messages.zh;
declare module '../catalogue.ts' {
  /** This area's keys are message keys (`t()` takes them); catalogue.ts says why they are merged here. */
  interface FeatureMessages extends Messages {}
}

/** Imported by the login page’s lazy single sign-on (host/pages/login/sso.tsx) and the sessions dialog’s SSO form only. */
registerMessages(messages);
