/** Types of self-signed.mjs. */
/** Writes `cert.pem` and `key.pem` (P-256, a day, for 127.0.0.1) into `dir`; answers their paths. */
export declare function selfSignedCertificate(dir: string): { cert: string; key: string };
