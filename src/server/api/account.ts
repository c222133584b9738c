import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { passwordChangeSchema, profileUpdateSchema, sendOtpSchema, verifyOtpSchema } from '../../lib/schemas/account.ts';
import { changePassword } from '../domain/accounts/change-password.ts';
import { findUserById, getProfile } from '../domain/accounts/index.ts';
import { sendPhoneCode, verifyPhoneCode } from '../domain/accounts/phone-verification.ts';
import { PHOTO_MAX_BYTES, setProfilePhoto } from '../domain/accounts/profile-photo.ts';
import { deleteAccount, updateProfile } from '../domain/accounts/update-profile.ts';
import { SESSION_COOKIE } from '../../lib/session-cookie.ts';
import type { ApiEnv } from './context.ts';
import { route } from './contract.ts';
import { caller, clientIp, ok } from './http.ts';

const photoUpload = { field: 'photo', maxBytes: PHOTO_MAX_BYTES, required: 'account:photo.required', tooBig: 'account:photo.too_big' };

/** Account settings: profile fields one at a time, password, photo, phone verification, deletion. */
export const accountRoutes = new Hono<ApiEnv>()
  .put(
    '/users/me',
    route({ user: true, body: profileUpdateSchema }, async (c, { user, body }) => {
      const { deps } = c.get('services');
      await updateProfile(deps, user, body, caller(c));
      const fresh = (await findUserById(deps.db, user.id))!;
      const changedEmail = body.email !== undefined && fresh.email !== user.email;
      return ok(c, await getProfile(deps.db, fresh, c.get('lang')), changedEmail ? 'account:profile.email_changed' : 'account:profile.updated');
    }),
  )
  .put(
    '/users/me/password',
    route({ user: true, body: passwordChangeSchema }, async (c, { user, body }) => {
      await changePassword(c.get('services').deps, user, body, caller(c));
      return ok(c, null, 'account:profile.password_changed');
    }),
  )
  .delete(
    '/users/me',
    route({ user: true }, async (c, { user }) => {
      await deleteAccount(c.get('services').deps, user);
      deleteCookie(c, SESSION_COOKIE, { path: '/' });
      return ok(c, null, 'account:profile.deleted');
    }),
  )
  .post(
    '/users/me/photo',
    route({ user: true, upload: photoUpload }, async (c, { user, file }) => {
      const path = await setProfilePhoto(c.get('services').deps, user, file);
      return ok(c, { photo_profile: path }, 'account:photo.updated');
    }),
  )
  .post(
    '/send-phone-verification',
    route({ user: true, body: sendOtpSchema }, async (c, { user, body }) => {
      const sent = await sendPhoneCode(c.get('services').deps, user, body.phone_number, c.get('lang'), clientIp(c));
      return ok(c, sent, 'account:phone.sent', { phone: sent.phone_number });
    }),
  )
  .post(
    '/verify-phone',
    route({ user: true, body: verifyOtpSchema }, async (c, { user, body }) => {
      const { deps } = c.get('services');
      await verifyPhoneCode(deps, user, body.phone_number, body.otp_code);
      const fresh = (await findUserById(deps.db, user.id))!;
      return ok(c, await getProfile(deps.db, fresh, c.get('lang')), 'account:phone.verified');
    }),
  );
