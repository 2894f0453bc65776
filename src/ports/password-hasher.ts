import { hash, verify } from '@node-rs/argon2';
import { createLimiter } from './limiter.ts';

/** Hashes and checks passwords. Both calls are slow by design and bounded in concurrency. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the same effort as a real check, for accounts that do not exist. */
  burn(password: string): Promise<void>;
}

/** OWASP Password Storage Cheat Sheet, argon2id: m=19 MiB, t=2, p=1. */
const ARGON2ID = {
  algorithm: 2 /* Algorithm.Argon2id: an ambient const enum */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function createArgon2Hasher(options: { concurrency: number; queueLimit: number }): PasswordHasher {
  const limit = createLimiter(options.concurrency, options.queueLimit);
  let decoy: Promise<string> | undefined;
  return {
    hash: (password) => limit(() => hash(password, ARGON2ID)),
    verify: (passwordHash, password) =>
      limit(async () => {
        try {
          return await verify(passwordHash, password);
        } catch {
          return false;
        }
      }),
    async burn(password) {
      decoy ??= hash('decoy-password-for-unknown-accounts', ARGON2ID);
      const decoyHash = await decoy;
      await limit(() => verify(decoyHash, password).catch(() => false));
    },
  };
}
