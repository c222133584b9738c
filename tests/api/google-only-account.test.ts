import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLimits } from '../support/limits.ts';
import type { Database } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema.ts';
import { changeEmail } from '../../src/server/domain/accounts/change-email.ts';
import { changePassword } from '../../src/server/domain/accounts/change-password.ts';
import type { Caller } from '../../src/server/domain/accounts/caller.ts';
import { createRateLimiter } from '../../src/server/domain/rate-limits/limiter.ts';
import { limitRules } from '../../src/server/domain/rate-limits/rules.ts';
import type { MailMessage } from '../../src/server/integrations/mail/index.ts';
import { createLogger } from '../../src/server/logger.ts';
import { uniq } from '../support/api.ts';
import { openTestDatabase } from '../support/database.ts';

/**
 * An account created by Google sign-in has no password to confirm a change with (the API suite
 * cannot sign in with Google, so the rule is checked on the domain).
 */
let database: Database;
const sent: MailMessage[] = [];
const caller: Caller = { ip: '203.0.113.9', locale: 'en', baseUrl: 'http://localhost' };

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

function deps() {
  const now = () => new Date();
  return {
    db: database.db,
    now,
    limits: createRateLimiter(database.db, limitRules(defaultLimits), now),
    mailer: { send: async (m: MailMessage) => void sent.push(m) },
    logger: createLogger('silent'),
  };
}

describe('an account without a password (Google sign-in only)', () => {
  it('is told to set a password through the reset e-mail before changing its e-mail or password', async () => {
    const id = uniq();
    const [user] = await database.db.insert(users).values({ name: 'Gita', username: `gita_${id}`, email: `gita_${id}@example.test`, googleSub: `google-${id}` }).returning();
    const email = await changeEmail(deps(), user, `gita_new_${id}@example.test`, 'anything-1', caller).catch((e: unknown) => e);
    expect(email).toMatchObject({ status: 422, key: 'errors:field.no_password_yet', fields: { current_password: 'errors:field.no_password_yet' } });
    const password = await changePassword(deps(), user, { current_password: 'anything-1', password: 'new-password-1', password_confirmation: 'new-password-1' }, caller).catch((e: unknown) => e);
    expect(password).toMatchObject({ status: 422, key: 'errors:field.no_password_yet' });
    expect(sent).toEqual([]);
  });
});
