import { translator, type Locale } from '../../../lib/i18n/index.ts';
import type { Deps } from '../deps.ts';

/**
 * Tells the owner that a sign-in detail changed, so a takeover does not go unnoticed.
 * `kind` picks `auth:mail.{kind}_subject` and `auth:mail.{kind}_body`.
 */
export async function mailAccountChange(
  deps: Pick<Deps, 'mailer' | 'logger'>,
  kind: 'email_changed' | 'password_changed',
  to: string,
  locale: Locale,
  params: Record<string, string>,
): Promise<void> {
  const t = translator(locale);
  try {
    await deps.mailer.send({ to, subject: t(`auth:mail.${kind}_subject`), text: t(`auth:mail.${kind}_body`, params) });
  } catch (err) {
    // The change is made and saved; a mail server hiccup must not turn it into an error.
    deps.logger.error(`could not send the ${kind} mail`, err);
  }
}
