import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/index.ts';
import { createWebPushSender, vapidSubject } from '../../integrations/push/web-push.ts';
import { createWhatsapp } from '../../integrations/whatsapp/index.ts';
import type { Logger } from '../../logger.ts';
import { emailChannel, pushChannel, whatsappChannel } from './channels.ts';
import type { DeliveryChannel } from './deliveries.ts';

/** The off-site channels configuration turns on: e-mail and web push always, WhatsApp when its keys are set. */
export function createDeliveryChannels(deps: { db: Db; logger: Logger; now: () => Date; mailer: Mailer; config: Config }): DeliveryChannel[] {
  const { config } = deps;
  const channels = [
    emailChannel({ ...deps, settings: { publicUrl: config.publicUrl, unsubscribeSecret: config.mail.unsubscribeSecret, testPayments: config.payments.provider === 'sandbox' } }),
    pushChannel({
      ...deps,
      sender: createWebPushSender({ publicKey: config.push.vapidPublicKey, privateKey: config.push.vapidPrivateKey, subject: vapidSubject(config.mail.from) }),
      allowedOrigins: config.push.allowedOrigins,
    }),
  ];
  if (config.whatsapp) channels.push(whatsappChannel({ ...deps, whatsapp: createWhatsapp(config.whatsapp) }));
  return channels;
}
