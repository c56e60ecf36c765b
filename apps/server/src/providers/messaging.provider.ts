import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  body: string;
}

/** Sends SMS and e-mail. Every message, whichever provider carries it, is recorded in the outbox. */
export interface MessagingProvider {
  readonly name: string;
  send(msg: OutgoingMessage): Promise<void>;
}

/** Default with no keys: delivery is the outbox itself, which staff read in the console. */
export class SandboxMessaging implements MessagingProvider {
  readonly name = 'sandbox';
  constructor(private readonly db: Db) {}
  async send(msg: OutgoingMessage) {
    await this.db.insert(outbox).values({ ...msg, provider: this.name, status: 'delivered' });
  }
}

/** E-mail over SMTP (SMTP_URL); SMS still go to the sandbox outbox. */
export class SmtpMessaging implements MessagingProvider {
  readonly name = 'smtp';
  private readonly transport;
  constructor(
    private readonly db: Db,
    smtpUrl: string,
    private readonly from: string,
    private readonly sms: MessagingProvider,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }
  async send(msg: OutgoingMessage) {
    if (msg.channel === 'sms') return this.sms.send(msg);
    let status = 'sent';
    try {
      await this.transport.sendMail({ from: this.from, to: msg.to, subject: msg.subject, text: msg.body });
    } catch {
      status = 'failed';
    }
    await this.db.insert(outbox).values({ ...msg, provider: this.name, status });
    if (status === 'failed') throw new Error('smtp delivery failed');
  }
}
