/** Types of chromium.mjs (shared by the Playwright and web-test-runner configs). */
export declare const chromiumPath: string;
export declare const fullChromiumPath: string;
export declare const chromiumPackages: string[];
export declare const chromiumArgs: string[];
export declare function hasChromium(): boolean;
export declare const APT_WAIT: string[];
