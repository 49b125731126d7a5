import { createHash, createSecretKey, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_FAMILY_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const VERIFY_EMAIL_TTL_MS = 48 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;

/** 256 random bits, URL-safe: refresh, verification and reset tokens. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Only this digest is stored; a database leak yields no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type AccessClaims = { sub: string; sid: string; email: string; roles: string[] };

export type AccessTokens = {
  sign(claims: AccessClaims): Promise<string>;
  /** The claims of a valid access token, or undefined for anything else (expired, wrong algorithm, refresh token, …). */
  verify(token: string): Promise<AccessClaims | undefined>;
};

/**
 * HS256 access tokens. The key is imported once; only HS256 is accepted, `typ` must be `access`
 * and `exp` must be present.
 */
export function createAccessTokens(secret: string, now: () => number = Date.now): AccessTokens {
  // A KeyObject, made once: given raw bytes, jose would import the key again on every call.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    async sign(claims) {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({ sid: claims.sid, email: claims.email, roles: claims.roles, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          // jose checks `exp` only when present; a token without one would never expire.
          requiredClaims: ['exp'],
          currentDate: new Date(now()),
        });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string')
          return undefined;
        return {
          sub: payload.sub,
          sid: payload.sid,
          email: String(payload.email ?? ''),
          roles: Array.isArray(payload.roles) ? payload.roles.map(String) : [],
        };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
        throw error;
      }
    },
  };
}
