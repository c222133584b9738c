import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../logger.ts';

export interface Sms {
  send(to: string, text: string): Promise<void>;
}

/**
 * Twilio's Messages API when configured; otherwise each SMS is logged and appended to
 * DATA_DIR/sms/{number}.txt (a timestamp line, then the text; the latest last), the development outbox.
 */
export function createSms(opts: {
  twilio?: { accountSid: string; authToken: string; from: string };
  dataDir: string;
  logger: Logger;
}): Sms {
  if (opts.twilio) {
    const { accountSid, authToken, from } = opts.twilio;
    return {
      async send(to, text) {
        const res = await fetch(`https://api.twilio.com/2010-04-01/Accounts/${accountSid}/Messages.json`, {
          method: 'POST',
          headers: {
            Authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ To: to, From: from, Body: text }),
        });
        if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
      },
    };
  }
  const dir = join(opts.dataDir, 'sms');
  return {
    async send(to, text) {
      await mkdir(dir, { recursive: true });
      await appendFile(join(dir, `${to.replace(/[^0-9+]/g, '')}.txt`), `${new Date().toISOString()}\n${text.replace(/\s*\n\s*/g, ' ')}\n`, 'utf8');
      // The text carries a sign-in code: it stays in the file, never in the log.
      opts.logger.info(`SMS written to ${join(dir, `${to.replace(/[^0-9+]/g, '')}.txt`)}`);
    },
  };
}
