import { Google, decodeIdToken, generateCodeVerifier, generateState } from 'arctic';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

/** Google's OAuth 2.0 code flow with PKCE (arctic). Exists only when keys are configured. */
export interface GoogleOAuth {
  start(): { url: string; state: string; codeVerifier: string };
  exchange(code: string, codeVerifier: string): Promise<GoogleIdentity>;
}

export function createGoogleOAuth(opts: { clientId: string; clientSecret: string; redirectUri: string }): GoogleOAuth {
  const google = new Google(opts.clientId, opts.clientSecret, opts.redirectUri);
  return {
    start() {
      const state = generateState();
      const codeVerifier = generateCodeVerifier();
      const url = google.createAuthorizationURL(state, codeVerifier, ['openid', 'email', 'profile']);
      return { url: url.toString(), state, codeVerifier };
    },
    async exchange(code, codeVerifier) {
      const tokens = await google.validateAuthorizationCode(code, codeVerifier);
      const claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
      return {
        sub: String(claims.sub),
        email: String(claims.email ?? '').toLowerCase(),
        name: String(claims.name ?? claims.email ?? 'Google user'),
        emailVerified: claims.email_verified === true,
      };
    },
  };
}
