/** Types of node-releases.mjs (npm test's releases step). */
export const MAJORS: number[];
export const WARNING: RegExp;
export function deprecations(output: string): string[];
export function failureReport(output: string): string;
export function releasePath(release: { binary: string }): string;
