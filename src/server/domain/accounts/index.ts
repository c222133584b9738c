export { register } from './register.ts';
export { login, authenticate, issueSession, revokeSession, revokeAllSessions } from './sessions.ts';
export { requestPasswordReset, resetPassword } from './password-reset.ts';
export { loginWithGoogle } from './google-login.ts';
export { getProfile, findUserById, findUserByEmail, rememberLocale, type UserRow } from './users.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
