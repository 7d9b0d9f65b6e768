import type { Generated } from 'kysely';

/** The columns migration 2026-12-03T0103-second-factor-policy adds to two tables of accounts. */
declare module './tables.ts' {
  interface SessionPoliciesTable {
    /** The customer's people must sign in with a second factor (enrolled at their next sign-in). */
    second_factor_required: Generated<boolean>;
  }
}

declare module './second-factor-tables.ts' {
  interface PendingSignInsTable {
    /** 'code': a 477, the code of the person's factor awaited; 'enrol': a 478, their enrolment. */
    purpose: Generated<'code' | 'enrol'>;
  }
}
