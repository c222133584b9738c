import { uniqueViolation } from '../../db/unique-violation.ts';
import { invalid } from '../../errors.ts';

const TAKEN: Record<string, Record<string, string>> = {
  users_email_key: { email: 'errors:field.email_taken' },
  users_username_key: { username: 'errors:field.username_taken' },
  users_phone_number_key: { phone_number: 'account:phone.taken' },
};

/**
 * A write to `users` that lost a race for a unique e-mail, username or phone number becomes the
 * same 422 the check before it gives; any other error is returned as it was.
 */
export function takenUserField(err: unknown): unknown {
  const index = uniqueViolation(err);
  return index !== undefined && TAKEN[index] ? invalid(TAKEN[index]) : err;
}
