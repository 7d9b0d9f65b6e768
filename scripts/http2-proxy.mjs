// nginx in front of a running portal, serving it over TLS and HTTP/2 on the loopback, as the
// proxy of docs/deploy.md does: for `LH_HTTP2=1 npm run bench:lighthouse` (docs/decisions/
// first-load-chunks.md, "HTTP/2"). Needs nginx and openssl (Debian: apt-get install -y nginx).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { selfSignedCertificate } from './self-signed.mjs';
import { freePort } from './server-process.mjs';

const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

/**
 * Starts nginx on a free port, proxying to `upstream` (`http://127.0.0.1:<port>`), with a
 * self-signed certificate made for the run. Resolves with its `url` and `stop()`.
 */
export async function startHttp2Proxy(upstream) {
  if (!fs.existsSync(NGINX))
    throw new Error(`no nginx at ${NGINX} (apt-get install -y nginx, or NGINX_PATH)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-h2-proxy-'));
  const { cert, key } = selfSignedCertificate(dir);
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream portal { server ${new URL(upstream).host}; keepalive 16; }
  server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
    }
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (chunk) => {
    log += chunk;
  });
  const url = `https://127.0.0.1:${port}`;
  // Ready once it takes a TLS connection and offers HTTP/2: at most 10 s.
  const until = performance.now() + 10_000;
  while (!(await speaksH2(port))) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${log}`);
    if (performance.now() > until) throw new Error(`nginx did not listen in 10 s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whether a TLS connection to the loopback port negotiates HTTP/2 (ALPN `h2`). */
function speaksH2(port) {
  return new Promise((resolve) => {
    const socket = tls.connect({ port, host: '127.0.0.1', rejectUnauthorized: false, ALPNProtocols: ['h2'] });
    socket.once('secureConnect', () => {
      resolve(socket.alpnProtocol === 'h2');
      socket.destroy();
    });
    socket.once('error', () => resolve(false));
  });
}
