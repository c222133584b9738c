import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise each mail is a file in DATA_DIR/mail. */
export async function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Promise<Mailer> {
  if (opts.smtpUrl) {
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text });
      },
    };
  }
  return createOutboxMailer(join(opts.dataDir, 'mail'), opts.from, opts.logger);
}

export function createOutboxMailer(dir: string, from: string, logger: Logger): Mailer {
  return {
    async send(m) {
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = m.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = join(dir, `${stamp}-${safeTo}.eml`);
      const body = `From: ${from}\nTo: ${m.to}\nSubject: ${m.subject}\nDate: ${new Date().toUTCString()}\n\n${m.text}\n`;
      await writeFile(file, body, 'utf8');
      logger.info(`mail to ${m.to} written to ${file}`);
    },
  };
}
