import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part, when the mail has one (the plain text is always there too). */
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise each mail is a file in DATA_DIR/mail. */
export async function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Promise<Mailer> {
  if (opts.smtpUrl) {
    const { default: nodemailer } = await import('nodemailer');
    // Bounded waits (nodemailer's own allow minutes): a send must end well within its delivery's lease (deliveries.ts).
    const transport = nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 } as Parameters<typeof nodemailer.createTransport>[0]);
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers });
      },
    };
  }
  return createOutboxMailer(join(opts.dataDir, 'mail'), opts.from, opts.logger);
}

/**
 * Development mail: each message as the MIME file an SMTP server would receive (`.eml`, opens in
 * any mail program), built by nodemailer's composer like the mail SMTP sends.
 */
/** Orders files written within one millisecond. */
let written = 0;

export function createOutboxMailer(dir: string, from: string, logger: Logger): Mailer {
  return {
    async send(m) {
      const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
      const raw = await new MailComposer({ from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers }).compile().build();
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = m.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = join(dir, `${stamp}-${String(++written).padStart(6, '0')}-${safeTo}.eml`);
      await writeFile(file, raw);
      logger.info(`mail to ${m.to} written to ${file}`);
    },
  };
}
