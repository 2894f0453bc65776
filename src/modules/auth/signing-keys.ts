import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
} from 'jose';
import { isUniqueViolation } from '../../db/constraint-errors.ts';
import type { Clock } from '../../ports/clock.ts';
import type { SigningKeysRepository } from './signing-keys-repository.ts';

export const SIGNING_ALG = 'ES256';

interface LoadedKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * The asymmetric keys that sign access tokens. They live in the database so that every process
 * sharing it signs with the same key and verifies any other's tokens; the public half is the JWKS.
 */
export function createSigningKeys(repo: SigningKeysRepository, clock: Clock) {
  let keys: LoadedKey[] = [];
  let lastReload = 0;

  async function load(): Promise<void> {
    const rows = await repo.listActive();
    keys = await Promise.all(
      rows.map(async (row) => {
        const publicJwk = row.public_jwk;
        return {
          kid: row.kid,
          privateKey: (await importJWK(row.private_jwk, row.alg)) as CryptoKey,
          publicKey: (await importJWK(publicJwk, row.alg)) as CryptoKey,
          publicJwk,
        };
      }),
    );
    lastReload = clock.now().getTime();
  }

  return {
    /** Loads the keys, creating the first one if there is none. */
    async init(): Promise<void> {
      await load();
      if (keys.length > 0) return;
      const pair = await generateKeyPair(SIGNING_ALG, { extractable: true });
      const publicJwk = await exportJWK(pair.publicKey);
      const kid = await calculateJwkThumbprint(publicJwk);
      try {
        await repo.insert({
          kid,
          alg: SIGNING_ALG,
          private_jwk: await exportJWK(pair.privateKey),
          public_jwk: { ...publicJwk, kid, alg: SIGNING_ALG, use: 'sig' },
          created_at: clock.now().toISOString(),
          retired_at: null,
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      await load();
    },
    current(): { kid: string; privateKey: CryptoKey } {
      const key = keys[0];
      if (!key) throw new Error('signing keys are not loaded');
      return key;
    },
    /** A verification key by `kid`; reloads (at most every 10 s) to see keys made by other processes. */
    async publicKeyFor(kid: string | undefined): Promise<CryptoKey | undefined> {
      const find = () => keys.find((k) => k.kid === kid)?.publicKey;
      if (find() || kid === undefined) return find();
      if (clock.now().getTime() - lastReload > 10_000) await load();
      return find();
    },
    jwks(): { keys: Array<JWK & { kid: string; kty: string }> } {
      return { keys: keys.map((k) => ({ ...k.publicJwk, kid: k.kid, kty: k.publicJwk.kty ?? 'EC' })) };
    },
  };
}

export type SigningKeys = ReturnType<typeof createSigningKeys>;
