import { Hono } from 'hono';
import { z } from 'zod';
import { userChannel } from '../realtime/types.ts';
import { forbidden } from '../errors.ts';
import type { ApiEnv } from './context.ts';
import { requireUser } from './http.ts';

const authSchema = z.object({
  socket_id: z.string().regex(/^\d+\.\d+$/, { error: 'errors:field.invalid' }),
  channel_name: z.string().min(1, { error: 'errors:field.required' }).max(200),
});

/**
 * POST /v1/broadcasting/auth — pusher-js asks here before joining a private channel.
 * A user may join only their own channel. pusher-js posts form-encoded; JSON works too.
 */
export const broadcastingRoutes = new Hono<ApiEnv>().post('/broadcasting/auth', async (c) => {
  const user = requireUser(c);
  const type = c.req.header('content-type') ?? '';
  const raw = type.includes('application/json')
    ? await c.req.json().catch(() => ({}))
    : Object.fromEntries(new URLSearchParams(await c.req.text()));
  const parsed = authSchema.safeParse(raw);
  if (!parsed.success) throw forbidden();
  const { socket_id, channel_name } = parsed.data;
  if (channel_name !== userChannel(user.id)) throw forbidden();
  return c.json({ auth: c.get('services').authorizeChannel(socket_id, channel_name) });
});
