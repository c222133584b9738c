import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { passwordChangeSchema, profileUpdateSchema, sendOtpSchema, verifyOtpSchema } from '../../lib/schemas/account.ts';
import { changePassword } from '../domain/accounts/change-password.ts';
import { findUserById, getProfile } from '../domain/accounts/index.ts';
import { sendPhoneCode, verifyPhoneCode } from '../domain/accounts/phone-verification.ts';
import { PHOTO_MAX_BYTES, setProfilePhoto } from '../domain/accounts/profile-photo.ts';
import { deleteAccount, updateProfile } from '../domain/accounts/update-profile.ts';
import { invalid } from '../errors.ts';
import { SESSION_COOKIE, type ApiEnv } from './context.ts';
import { caller, clientIp, ok, readJson, requireUser } from './http.ts';

/** Account settings: profile fields one at a time, password, photo, phone verification, deletion. */
export const accountRoutes = new Hono<ApiEnv>()
  .put('/users/me', async (c) => {
    const user = requireUser(c);
    const input = await readJson(c, profileUpdateSchema);
    const { deps } = c.get('services');
    await updateProfile(deps, user, input, caller(c));
    const fresh = (await findUserById(deps.db, user.id))!;
    const changedEmail = input.email !== undefined && fresh.email !== user.email;
    return ok(c, await getProfile(deps.db, fresh, c.get('lang')), changedEmail ? 'places:account.email_changed' : 'places:account.updated');
  })
  .put('/users/me/password', async (c) => {
    const user = requireUser(c);
    const input = await readJson(c, passwordChangeSchema);
    await changePassword(c.get('services').deps, user, input, caller(c));
    return ok(c, null, 'places:account.password_changed');
  })
  .delete('/users/me', async (c) => {
    const user = requireUser(c);
    await deleteAccount(c.get('services').deps, user);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return ok(c, null, 'places:account.deleted');
  })
  .post('/users/me/photo', async (c) => {
    const user = requireUser(c);
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > PHOTO_MAX_BYTES + 64 * 1024) throw invalid({ photo: 'places:photo.too_big' });
    let file: unknown;
    try {
      file = (await c.req.formData()).get('photo');
    } catch {
      throw invalid({ photo: 'places:photo.required' });
    }
    if (!(file instanceof File)) throw invalid({ photo: 'places:photo.required' });
    const { deps } = c.get('services');
    const path = await setProfilePhoto(deps, user, Buffer.from(await file.arrayBuffer()));
    return ok(c, { photo_profile: path }, 'places:photo.updated');
  })
  .post('/send-phone-verification', async (c) => {
    const user = requireUser(c);
    const { phone_number } = await readJson(c, sendOtpSchema);
    const sent = await sendPhoneCode(c.get('services').deps, user, phone_number, c.get('lang'), clientIp(c));
    return ok(c, sent, 'places:phone.sent', { phone: sent.phone_number });
  })
  .post('/verify-phone', async (c) => {
    const user = requireUser(c);
    const { phone_number, otp_code } = await readJson(c, verifyOtpSchema);
    const { deps } = c.get('services');
    await verifyPhoneCode(deps, user, phone_number, otp_code);
    const fresh = (await findUserById(deps.db, user.id))!;
    return ok(c, await getProfile(deps.db, fresh, c.get('lang')), 'places:phone.verified');
  });
