export declare const CAPTCHA_ANSWER: string;
