import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long a connection that is being closed keeps reading the rest of a request body nobody
 * will use, so that the client reads the answer (nginx's `lingering_close`): at most `totalMs`
 * in all (nginx's `lingering_time`, 30 s), at most `idleMs` without a byte (`lingering_timeout`,
 * 5 s), and at most `maxBytes`.
 */
export interface LingerBounds {
  totalMs: number;
  idleMs: number;
  maxBytes: number;
}

export const LINGER_BOUNDS: LingerBounds = { totalMs: 30_000, idleMs: 5_000, maxBytes: 64 * 1024 * 1024 };

/** How often a lingering connection's bounds are checked (the bounds may overrun by this much). */
const LINGER_CHECK_MS = 50;

/**
 * Closes `socket` after the answer it carries, while `req`'s body is still arriving: the server's
 * side ends (FIN once the answer is out) and the rest of the body is read and thrown away until
 * the client has sent it all (then the socket closes) or a bound is passed (then it is cut).
 *
 * Without this, the socket would be closed with unread bytes in it: the kernel then answers the
 * client's next bytes with a reset, and a client still sending its body (Node's fetch, curl)
 * fails with EPIPE or ECONNRESET instead of reading the answer that was sent (a 413, say).
 * `onEnd` runs once, when the socket has closed.
 */
export function closeLingering(
  socket: Socket,
  req: IncomingMessage,
  bounds: LingerBounds,
  onEnd: () => void,
): void {
  // Counted on the socket: once the answer is sent, Node's parser reads the body on without
  // handing it to anyone (no 'data' events to count).
  const started = performance.now();
  const readBefore = socket.bytesRead;
  let read = readBefore;
  let lastByteAt = started;
  const cut = () => socket.destroy();
  // Closed once the answer has gone out (it may still wait in the socket's buffer).
  const close = () => (socket.writableFinished ? cut() : socket.once('finish', cut));
  const check = setInterval(() => {
    const now = performance.now();
    if (socket.bytesRead !== read) {
      read = socket.bytesRead;
      lastByteAt = now;
    }
    if (req.complete) close();
    else if (read - readBefore > bounds.maxBytes) cut();
    else if (now - started >= bounds.totalMs || now - lastByteAt >= bounds.idleMs) cut();
  }, LINGER_CHECK_MS);
  socket.once('close', () => {
    clearInterval(check);
    onEnd();
  });
  // The whole body came: nothing is left unread, so the socket closes cleanly.
  req.once('end', close);
  // Whoever read the body before (the app's stream of it) is done: the rest goes nowhere.
  req.removeAllListeners('data');
  req.resume();
  if (socket.writable) socket.end();
}
