import nodemailer from 'nodemailer';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../http/env.ts';

/** One message: both an HTML and a plain-text body. */
export interface Mail {
  to: readonly string[];
  subject: string;
  html: string;
  text: string;
  /**
   * An https or http link that stops this kind of mail (a notification's): sent as
   * `List-Unsubscribe` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058) where
   * the mailer writes headers (SMTP).
   */
  unsubscribeUrl?: string;
}

/** Who sent it and about what (kept with the message). */
export interface MailContext {
  cuId: number;
  uid: number;
  /** The order it is about; null for a mail of no single order (a notification, a digest). */
  orderId: number | null;
}

/** Sends mail; throws when the message could not be handed over. */
export interface Mailer {
  send(mail: Mail, context: MailContext): Promise<void>;
}

/** Development and tests: the message is kept in `mail_outbox` (nothing leaves the machine). */
export class OutboxMailer implements Mailer {
  constructor(private readonly db: DB) {}

  async send(mail: Mail, context: MailContext): Promise<void> {
    await this.db
      .insertInto('mail_outbox')
      .values({
        cu_id: context.cuId,
        uid: context.uid,
        order_id: context.orderId,
        recipients: [...mail.to],
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      })
      .execute();
  }
}

/**
 * A mail service's HTTP API (`MAIL_HTTP_URL`): the message is posted as JSON
 * `{from, to, subject, html, text}` with `Authorization: Bearer MAIL_HTTP_TOKEN`; any answer but
 * 2xx is a failure.
 */
export class HttpMailer implements Mailer {
  constructor(
    private readonly url: string,
    private readonly token: string | null,
    private readonly from: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(mail: Mail): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`mail service answered ${res.status}`);
  }
}

/**
 * SMTP (`SMTP_URL`, `smtp://user:pass@host:587` with STARTTLS when the server offers it, or
 * `smtps://…:465`), From `MAIL_FROM`, through nodemailer: a connection per message, so nothing
 * stays open between messages. A message the server refuses (any 4xx or 5xx), a connection
 * refused or a timeout throws.
 */
export class SmtpMailer implements Mailer {
  readonly #transport: ReturnType<typeof nodemailer.createTransport>;

  constructor(
    url: string,
    private readonly from: string,
    timeoutMs = 10_000,
  ) {
    this.#transport = nodemailer.createTransport({
      url,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: 3 * timeoutMs,
    });
  }

  async send(mail: Mail): Promise<void> {
    await this.#transport.sendMail({
      from: this.from,
      to: [...mail.to],
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      ...(mail.unsubscribeUrl
        ? {
            list: { unsubscribe: mail.unsubscribeUrl },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }
        : {}),
    });
  }
}

const mailers = new WeakMap<AppDeps, Mailer | null>();

/**
 * The server's mailer: SMTP when `SMTP_URL` is set, else the HTTP mail service when configured;
 * otherwise the outbox outside production, and none in production (email is then refused:
 * nothing pretends to send).
 */
export function mailerOf(deps: AppDeps): Mailer | null {
  if (!mailers.has(deps)) {
    const { config } = deps;
    let mailer: Mailer | null = null;
    if (config.smtpUrl) mailer = new SmtpMailer(config.smtpUrl, config.mailFrom);
    else if (config.mailHttpUrl)
      mailer = new HttpMailer(config.mailHttpUrl, config.mailHttpToken, config.mailFrom);
    else if (!config.production) mailer = new OutboxMailer(deps.db);
    mailers.set(deps, mailer);
  }
  return mailers.get(deps) ?? null;
}
