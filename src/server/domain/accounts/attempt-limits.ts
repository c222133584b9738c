import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../errors.ts';

/**
 * Brute-force guards keyed by account, not by IP (many people share mobile-carrier IPs).
 * In memory per instance; rate-limiter-flexible has Redis/PostgreSQL stores for several instances.
 */
const failedLogins = new RateLimiterMemory({ keyPrefix: 'login', points: 10, duration: 15 * 60 });
const resetMails = new RateLimiterMemory({ keyPrefix: 'reset', points: 3, duration: 15 * 60 });

function tooMany(res: unknown): never {
  const seconds = res instanceof RateLimiterRes ? Math.ceil(res.msBeforeNext / 1000) : 900;
  throw new AppError(429, 'errors:too_many_requests', { params: { seconds } });
}

/** Refuses a login for an account that had 10 failed attempts in the last 15 minutes. */
export async function assertLoginAllowed(email: string) {
  const res = await failedLogins.get(email);
  if (res && res.consumedPoints >= 10) tooMany(res);
}

export async function recordFailedLogin(email: string) {
  await failedLogins.consume(email).catch(() => {});
}

export async function clearFailedLogins(email: string) {
  await failedLogins.delete(email);
}

/** At most 3 reset e-mails per address per 15 minutes. */
export async function consumeResetMail(email: string) {
  await resetMails.consume(email).catch(tooMany);
}
