// A throw-away self-signed certificate for the loopback (Debian's openssl), for what must speak
// TLS on this machine: server/main.test.ts's https start, scripts/http2-proxy.mjs's nginx.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Writes `cert.pem` and `key.pem` (P-256, a day, for 127.0.0.1) into `dir`; answers their paths. */
export function selfSignedCertificate(dir) {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}
