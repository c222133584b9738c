import { AppError, AppErrorCode, invalid, notFound } from '../../errors.ts';

/**
 * The errors of the orders domain, in one place. Each has a stable code clients branch on
 * (INVALID_TRANSITION, NOT_YOUR_MOVE, OUT_OF_STOCK, …) and a message key in the orders dictionary.
 */
export const orderNotFound = () => notFound('orders:error.not_found');
/** The event is not possible in the order's state (or its facts forbid it now): 409 INVALID_TRANSITION. */
export const invalidTransition = (key = 'orders:error.invalid_transition', params: Record<string, unknown> = {}) =>
  new AppError(AppErrorCode.INVALID_TRANSITION, { key, params });
/** A party of the order tried the other side's move: 403 NOT_YOUR_MOVE. */
export const notYourMove = () => new AppError(AppErrorCode.NOT_YOUR_MOVE, { key: 'orders:error.not_your_move' });
/** A request that cannot be met now (sold out, trip closed, your own post, …): 409 with its reason. */
export const orderConflict = (key: string, params: Record<string, unknown> = {}, code: AppErrorCode = AppErrorCode.CONFLICT) =>
  new AppError(code, { key, params });
export const outOfStock = (key: string, params: Record<string, unknown>) => orderConflict(key, params, AppErrorCode.OUT_OF_STOCK);
/**
 * A 422 with per-field message keys. With `params`, the message is the first field's own (with
 * its params) rather than the general "some fields are not valid": a popup shows it as it is.
 */
export const orderInvalid = (fields: Record<string, string>, params?: Record<string, unknown>) =>
  params ? new AppError(AppErrorCode.VALIDATION, { key: Object.values(fields)[0], params, fields }) : invalid(fields);
