import dgram from 'node:dgram';
import net from 'node:net';
import * as dnsPacket from 'dns-packet';

/**
 * A real DNS server on the loopback for the tests of a single sign-on domain's proof
 * (sso-domain-proof.ts reads TXT records with node:dns's Resolver): dns-packet encodes and decodes
 * the messages, node:dgram serves them over UDP and node:net over TCP on the same port (a resolver
 * falls back to TCP; Playwright's web server waits for the TCP port). Started by the test that
 * needs it on 127.0.0.1 and a free port (or the one given), authoritative for whatever it is told:
 * a name it holds answers its TXT records, a name told to fail answers SERVFAIL, any other name
 * NXDOMAIN. No resolver is mocked: the portal's code asks it as it asks a real server.
 */
export interface TestDnsServer {
  /** What `SSO_DNS_SERVERS` (or the config's `ssoDnsServers`) names: `127.0.0.1:<port>`. */
  server: string;
  port: number;
  /** Publishes `values` as the TXT records of `name` (a value over 255 bytes: several strings, as DNS splits it). */
  setTxt(name: string, values: readonly string[]): void;
  /** Takes the records of `name` away (it answers NXDOMAIN again). */
  remove(name: string): void;
  /** `name` answers SERVFAIL (a broken zone) until removed. */
  fail(name: string): void;
  /** The questions asked so far, in order (`name`, `type`, and over `udp` or `tcp`). */
  asked: Array<{ name: string; type: string; over: 'udp' | 'tcp' }>;
  close(): Promise<void>;
}

const SERVFAIL = 2;
const NXDOMAIN = 3;

export interface TestDnsOptions {
  /** The port (both UDP and TCP); a free one when left out. */
  port?: number;
  /** Records looked up by name when none was set (a file per name, for a server in another process). */
  lookup?: (name: string) => readonly string[] | undefined;
}

/** A TXT value as DNS carries it: strings of at most 255 bytes (RFC 1035 §3.3.14). */
function characterStrings(value: string): Buffer[] {
  const bytes = Buffer.from(value, 'utf8');
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 255) parts.push(bytes.subarray(i, i + 255));
  return parts.length ? parts : [Buffer.alloc(0)];
}

export async function startTestDnsServer(options: TestDnsOptions = {}): Promise<TestDnsServer> {
  const records = new Map<string, readonly string[]>();
  const failing = new Set<string>();
  const asked: TestDnsServer['asked'] = [];
  const key = (name: string) => name.toLowerCase().replace(/\.$/, '');

  const answer = (query: Buffer, over: 'udp' | 'tcp'): Buffer | null => {
    let packet: dnsPacket.DecodedPacket;
    try {
      packet = dnsPacket.decode(query);
    } catch {
      return null;
    }
    if (packet.type !== 'query' || !packet.questions?.length) return null;
    const answers: dnsPacket.Answer[] = [];
    let rcode = 0;
    for (const q of packet.questions) {
      asked.push({ name: q.name, type: q.type, over });
      const name = key(q.name);
      if (failing.has(name)) {
        rcode = SERVFAIL;
        continue;
      }
      const values = records.get(name) ?? options.lookup?.(name);
      if (values === undefined) {
        rcode = NXDOMAIN;
        continue;
      }
      if (q.type === 'TXT')
        for (const value of values)
          answers.push({ type: 'TXT', name: q.name, class: 'IN', ttl: 60, data: characterStrings(value) });
    }
    const flags =
      dnsPacket.AUTHORITATIVE_ANSWER | ((packet.flags ?? 0) & dnsPacket.RECURSION_DESIRED) | rcode;
    const response: dnsPacket.Packet = {
      type: 'response',
      flags,
      questions: packet.questions,
      answers: rcode === 0 ? answers : [],
    };
    if (packet.id !== undefined) response.id = packet.id;
    return over === 'udp' ? dnsPacket.encode(response) : dnsPacket.streamEncode(response);
  };

  const connections = new Set<net.Socket>();
  const serveUdp = (udp: dgram.Socket) =>
    udp.on('message', (message, peer) => {
      const reply = answer(message, 'udp');
      if (reply) udp.send(reply, peer.port, peer.address);
    });
  const serveTcp = () =>
    net.createServer((socket) => {
      connections.add(socket);
      socket.on('close', () => connections.delete(socket));
      socket.on('error', () => socket.destroy());
      let buffered = Buffer.alloc(0);
      socket.on('data', (chunk) => {
        buffered = Buffer.concat([buffered, chunk]);
        while (buffered.length >= 2) {
          const length = buffered.readUInt16BE(0);
          if (buffered.length < 2 + length) break;
          const reply = answer(buffered.subarray(2, 2 + length), 'tcp');
          buffered = buffered.subarray(2 + length);
          if (reply) socket.write(reply);
        }
      });
    });

  /** UDP and TCP on `port` (0: a free UDP port, and TCP on the same number). */
  const bind = async (wanted: number) => {
    const udp = serveUdp(dgram.createSocket('udp4'));
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(wanted, '127.0.0.1', () => {
        udp.off('error', reject);
        resolve();
      });
    });
    const port = udp.address().port;
    const tcp = serveTcp();
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(port, '127.0.0.1', () => {
          tcp.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      udp.close();
      throw error;
    }
    return { udp, tcp, port };
  };

  let bound: Awaited<ReturnType<typeof bind>> | undefined;
  if (options.port !== undefined) bound = await bind(options.port);
  // a free UDP port's TCP twin may be taken by another program: a few tries
  else
    for (let attempt = 1; !bound; attempt++) {
      try {
        bound = await bind(0);
      } catch (error) {
        if (attempt >= 5) throw error;
      }
    }
  const { udp, tcp, port } = bound;

  return {
    server: `127.0.0.1:${port}`,
    port,
    asked,
    setTxt(name, values) {
      records.set(key(name), [...values]);
    },
    remove(name) {
      records.delete(key(name));
      failing.delete(key(name));
    },
    fail(name) {
      failing.add(key(name));
    },
    async close() {
      for (const socket of connections) socket.destroy();
      await Promise.all([
        new Promise<void>((resolve) => udp.close(() => resolve())),
        new Promise<void>((resolve) => tcp.close(() => resolve())),
      ]);
    },
  };
}
