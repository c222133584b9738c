import { z } from 'zod';
import { emailField, textField } from './common.ts';
import { pagingQuery } from './paging.ts';

/** Lists of the operator console: page/per_page (at most 100 a page). */
export const adminPageQuery = pagingQuery(25, 100);

/** POST /v1/admin/operators: an operator makes another existing account an operator. */
export const grantOperatorSchema = z.object({ email: emailField });

/** An operator's optional note on a decision (kept in the audit record). */
export const operatorNote = textField(undefined).trim().max(1000, { error: 'errors:field.invalid' }).optional();
