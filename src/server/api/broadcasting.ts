import { Hono } from 'hono';
import { z } from 'zod';
import { textField } from '../../lib/schemas/common.ts';
import { userChannel } from '../realtime/types.ts';
import { forbidden } from '../errors.ts';
import type { ApiEnv } from './context.ts';
import { route } from './contract.ts';

const authSchema = z.object({
  socket_id: textField().regex(/^\d+\.\d+$/, { error: 'errors:field.invalid' }).max(50, { error: 'errors:field.invalid' }),
  channel_name: textField().min(1, { error: 'errors:field.required' }).max(200, { error: 'errors:field.invalid' }),
});

/**
 * POST /v1/broadcasting/auth — pusher-js asks here before joining a private channel.
 * A user may join only their own channel. pusher-js posts form-encoded; JSON works too.
 */
export const broadcastingRoutes = new Hono<ApiEnv>().post(
  '/broadcasting/auth',
  route({ guestPages: 'unchanged', user: true, body: authSchema, form: true, answers: z.object({ auth: z.string().describe('key:signature, as pusher-js expects') }) }, (c, { user, body: { socket_id, channel_name } }) => {
    if (channel_name !== userChannel(user.id)) throw forbidden();
    return c.json({ auth: c.get('services').authorizeChannel(socket_id, channel_name) });
  }),
);
