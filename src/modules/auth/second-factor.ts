import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app speaks it: SHA-1, six digits, 30-second steps. */
const PERIOD = 30;
const RECOVERY_CODES = 10;

/** A new TOTP key (160 bits, RFC 4226's recommendation), in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI an authenticator app scans or opens: the key, the issuer and the account. */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  return new TOTP({ issuer, label: account, secret: Secret.fromBase32(secret), period: PERIOD }).toString();
}

/**
 * The time step a code was made for, if it is the one of `now` or a step either side (a clock a little
 * off) and later than `lastStep`, the last one accepted: a code works once (RFC 6238 §5.2).
 */
export function acceptedStep(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): number | undefined {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const timestamp = now.getTime();
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(secret),
    period: PERIOD,
    timestamp,
    window: 1,
  });
  if (delta === null) return undefined;
  const step = TOTP.counter({ period: PERIOD, timestamp }) + delta;
  return lastStep !== null && step <= lastStep ? undefined : step;
}

/** The code of `now`: for tests and for the command line, never sent anywhere. */
export function codeAt(secret: string, now: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), period: PERIOD, timestamp: now.getTime() });
}

/** A recovery code as it is kept: its SHA-256 (the codes are random, so no slow hash is needed). */
export const recoveryHash = (code: string): string =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('base64url');

/** Ten single-use recovery codes, shown once, and what is kept of them. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const raw = randomBytes(6).toString('hex');
    return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
  });
  return { codes, hashes: codes.map(recoveryHash) };
}
