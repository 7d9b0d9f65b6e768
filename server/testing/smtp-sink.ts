import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the sink took: who it was for (the envelope) and the message parsed. */
export interface SunkMail {
  to: string[];
  parsed: ParsedMail;
  raw: string;
}

export interface SmtpSink {
  /** `smtp://user:pass@127.0.0.1:<port>` (the sink checks the credentials). */
  url: string;
  /** Every message taken, in order. */
  messages: SunkMail[];
  /** The messages to `address`. */
  to(address: string): SunkMail[];
  /** While true, each message's DATA is answered `451` (a temporary refusal); nothing is kept. */
  refusing: boolean;
  /**
   * Holds the next message's DATA until `release()` (its sender waits in the middle of sending);
   * `taken` resolves once the held message has arrived.
   */
  hold(): { taken: Promise<void>; release(): void };
  close(): Promise<void>;
}

export const SINK_USER = 'portal';
export const SINK_PASS = 'p@ss:w/rd';

/**
 * A real SMTP server on the loopback (smtp-server, port 0) for tests of the SMTP mailer: it asks
 * for AUTH (without TLS, as on the loopback), keeps what it is sent, and refuses or holds a
 * message when told.
 */
export async function smtpSink(): Promise<SmtpSink> {
  const messages: SunkMail[] = [];
  let held: { arrived: () => void; release: Promise<void> } | null = null;
  const sink: SmtpSink = {
    url: '',
    messages,
    to: (address) => messages.filter((m) => m.to.includes(address)),
    refusing: false,
    hold() {
      let arrived = () => {};
      let release = () => {};
      const taken = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      held = { arrived, release: released };
      return { taken, release };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    disableReverseLookup: true,
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      if (auth.username === SINK_USER && auth.password === SINK_PASS) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const hold = held;
        held = null;
        void (async () => {
          if (hold) {
            hold.arrived();
            await hold.release;
          }
          if (sink.refusing) {
            callback(Object.assign(new Error('Try again later (test refusal)'), { responseCode: 451 }));
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            parsed: await simpleParser(raw),
            raw,
          });
          callback();
        })();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  sink.url = `smtp://${SINK_USER}:${encodeURIComponent(SINK_PASS)}@127.0.0.1:${port}`;
  return sink;
}

/** An SMTP address where nothing listens (a port just given back): every connection is refused. */
export async function deadSmtpUrl(): Promise<string> {
  const sink = await smtpSink();
  await sink.close();
  return sink.url;
}
