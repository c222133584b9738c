import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, chmodSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets the server owns (it signs and verifies with them; no provider issues them). One left
 * unset is generated on first start and kept in DATA_DIR, so `npm start` stays one command and
 * no two installations share a value printed in the source. The sandbox payment provider's
 * webhook secret is one, the sandbox payout provider's another; provider-issued secrets (Midtrans, Stripe) are configured, never generated.
 */
export const GENERATED_SECRETS = ['PUSHER_SECRET', 'SANDBOX_PAYMENT_SECRET', 'SANDBOX_PAYOUT_SECRET', 'UNSUBSCRIBE_SECRET', 'BACKUP_TOKEN'] as const;
export type GeneratedSecret = (typeof GENERATED_SECRETS)[number];

export const SECRETS_FILE = 'secrets.json';

/**
 * Values that were printed in this project's source or docs, or that people type when a
 * variable "needs something": whoever knows them can sign as the server.
 */
export const KNOWN_DEVELOPMENT_SECRETS = [
  'titipan-dev-secret',
  'secret',
  'changeme',
  'change-me',
  'change_me',
  'password',
  'test',
  'dev',
  'development',
  'default',
];

/** HMAC keys shorter than this are guessable; a Pusher app secret is 20 characters. */
export const MIN_SECRET_LENGTH = 16;

/** Refuses a configured secret that anyone could know or guess; the message names the variable. */
export function checkConfiguredSecret(name: string, value: string): string | undefined {
  if (KNOWN_DEVELOPMENT_SECRETS.includes(value.trim().toLowerCase())) {
    return `${name} is set to a known development default; unset it to have one generated in DATA_DIR/${SECRETS_FILE}, or set a random value (for example \`openssl rand -base64 32\`)`;
  }
  if (value.length < MIN_SECRET_LENGTH) {
    return `${name} must be at least ${MIN_SECRET_LENGTH} characters; unset it to have one generated in DATA_DIR/${SECRETS_FILE}`;
  }
  return undefined;
}

function readStore(file: string): Record<string, string> | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || Object.values(parsed).some((v) => typeof v !== 'string')) {
    throw new Error(`${file} is not a JSON object of strings: repair it, or remove it to generate new secrets`);
  }
  // Copied with `cp` or restored from a backup, it may have lost its mode: only the owner reads it.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return parsed as Record<string, string>;
}

/** Writes a complete file beside the target, owner-only, flushed, so the rename or link is atomic. */
function writeTemp(file: string, content: Record<string, string>): string {
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(content, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return tmp;
}

/**
 * The value of a server-owned secret: the configured one (refused when it is a known or weak
 * value), else the one kept in DATA_DIR/secrets.json, else a new random one written there.
 * The file is created with a hard link from a complete temporary file, which fails when another
 * process created it first; then that process's values are used.
 */
export function resolveSecret(name: GeneratedSecret, configured: string | undefined, dataDir: string): string {
  if (configured !== undefined) {
    const problem = checkConfiguredSecret(name, configured);
    if (problem) throw new Error(problem);
    return configured;
  }
  return storedValues(dataDir, [name], () => ({ [name]: randomBytes(32).toString('base64url') }))[name];
}

/**
 * Values kept together in DATA_DIR/secrets.json: the stored ones when all `names` are there,
 * otherwise `generate()`'s, written beside the others (a key pair is generated as one).
 */
function storedValues(dataDir: string, names: readonly string[], generate: () => Record<string, string>): Record<string, string> {
  const file = join(dataDir, SECRETS_FILE);
  for (;;) {
    const stored = readStore(file);
    if (stored && names.every((n) => stored[n])) return stored;
    const next = { ...stored, ...generate() };
    mkdirSync(dataDir, { recursive: true });
    const tmp = writeTemp(file, next);
    try {
      if (stored) renameSync(tmp, file);
      else linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue; // lost the race: read the winner's file
      throw err;
    } finally {
      rmSync(tmp, { force: true });
    }
    return next;
  }
}

/**
 * The VAPID key pair web push is signed with (RFC 8292): P-256, the public key as the browser
 * wants it (uncompressed point, base64url) and the private scalar (base64url). Configured
 * (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY) or generated once into DATA_DIR/secrets.json.
 */
export function resolveVapidKeys(configured: { publicKey?: string; privateKey?: string }, dataDir: string): { publicKey: string; privateKey: string } {
  if (configured.publicKey || configured.privateKey) {
    if (!configured.publicKey || !configured.privateKey) throw new Error('Invalid configuration:\n  set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither to have a pair generated');
    if (Buffer.from(configured.publicKey, 'base64url').length !== 65 || Buffer.from(configured.privateKey, 'base64url').length !== 32) {
      throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes) and VAPID_PRIVATE_KEY its private key (32 bytes), as `npx web-push generate-vapid-keys` prints');
    }
    return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  }
  const stored = storedValues(dataDir, ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'], () => {
    const jwk = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ format: 'jwk' });
    const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
    return { VAPID_PUBLIC_KEY: point.toString('base64url'), VAPID_PRIVATE_KEY: jwk.d! };
  });
  return { publicKey: stored.VAPID_PUBLIC_KEY, privateKey: stored.VAPID_PRIVATE_KEY };
}

/** Every server-owned secret at once; one error lists every refused variable. */
export function resolveSecrets(configured: Partial<Record<GeneratedSecret, string>>, dataDir: string): Record<GeneratedSecret, string> {
  const problems: string[] = [];
  const resolved = {} as Record<GeneratedSecret, string>;
  for (const name of GENERATED_SECRETS) {
    try {
      resolved[name] = resolveSecret(name, configured[name], dataDir);
    } catch (err) {
      problems.push(`  ${(err as Error).message}`);
    }
  }
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return resolved;
}
