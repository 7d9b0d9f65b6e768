/** Types of build-stamp.mjs (the fingerprint npm start compares with dist/.build-stamp). */
export const STAMP: string;
export function sourceFingerprint(base?: string): string;
export function buildIsCurrent(): boolean;
