import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { AppError, invalidField } from '../../http/app-error.ts';
import type { Clock } from '../../ports/clock.ts';
import type { Sealer } from '../../shared/sealed-data.ts';
import type { AuditLog } from '../audit/index.ts';
import { type LockoutPolicy, lockUntil, mayTry, windowCutoff } from './lockout.ts';
import type { LoginFailuresRepository } from './login-failures-repository.ts';
import { BAD_CREDENTIALS, OAuthError } from './oauth-error.ts';
import type { Role } from './scopes.ts';
import { acceptedStep, newRecoveryCodes, newTotpSecret, otpauthUri, recoveryHash } from './second-factor.ts';
import type { SecondFactorRow, SecondFactorsRepository } from './second-factors-repository.ts';

/** Someone signing in, as the second factor needs them. */
interface Person {
  id: string;
  username: string;
  role: Role;
  agency_id: string | null;
}

/** What setting up a second factor shows once: the key for an authenticator app and its URI. */
export interface Enrolment {
  secret: string;
  otpauth_uri: string;
}

export type SignInFactor =
  | { ok: true; recoveryCodes?: string[] }
  | { ok: false; need: 'code' }
  | { ok: false; need: 'enrolment'; enrolment: Enrolment }
  | { ok: false; wrong: true; locked: boolean };

/** Binds a key to its owner (second-factors-repository.ts seals it again with the same). */
const secretContext = (userId: string) => `second_factor:${userId}`;

/**
 * A second factor for people's sign-in on the website (RFC 6238 TOTP, with ten single-use recovery
 * codes): set up and confirmed by a first code, then asked at every sign-in; required of the roles in
 * MFA_REQUIRED_ROLES, who set it up as they first sign in. Wrong codes count against a lockout of their
 * own, which a right password does not clear.
 */
export function createSecondFactors(deps: {
  db: Kysely<Database>;
  repository: SecondFactorsRepository;
  sealer: Pick<Sealer, 'seal' | 'open'>;
  loginFailures: LoginFailuresRepository;
  lockout: LockoutPolicy;
  clock: Clock;
  audit: Pick<AuditLog, 'record'>;
  /** The name authenticator apps show the key under. */
  issuer: string;
  requiredRoles: readonly Role[];
}) {
  const { repository, sealer, clock, audit } = deps;
  const secretOf = (row: SecondFactorRow) => sealer.open(row.secret, secretContext(row.user_id));
  const record = (action: string, person: Person, outcome: 'success' | 'failure' = 'success') =>
    audit.record({
      action,
      outcome,
      actor: { type: 'user', id: person.id, name: person.username },
      agencyId: person.agency_id,
      target: { type: 'user', id: person.id },
    });

  async function begin(person: Person): Promise<Enrolment> {
    const secret = newTotpSecret();
    await repository.begin({
      user_id: person.id,
      secret: sealer.seal(secret, secretContext(person.id)),
      confirmed_at: null,
      last_step: null,
      recovery_codes: '[]',
      created_at: clock.now().toISOString(),
    });
    return { secret, otpauth_uri: otpauthUri(secret, person.username, deps.issuer) };
  }

  /** Confirms the key being set up with its first code; the recovery codes, shown once. */
  async function confirm(person: Person, code: string): Promise<string[] | undefined> {
    const row = await repository.find(person.id);
    if (!row || row.confirmed_at) return undefined;
    const now = clock.now();
    const step = acceptedStep(secretOf(row), code, now, null);
    if (step === undefined) return undefined;
    const recovery = newRecoveryCodes();
    const confirmed = await deps.db.transaction().execute(async (trx) => {
      if (
        !(await repository.confirm(person.id, step, JSON.stringify(recovery.hashes), now.toISOString(), trx))
      )
        return false;
      await audit.record(
        {
          action: 'second_factor.enabled',
          actor: { type: 'user', id: person.id, name: person.username },
          agencyId: person.agency_id,
          target: { type: 'user', id: person.id },
        },
        trx,
      );
      return true;
    });
    return confirmed ? recovery.codes : undefined;
  }

  /** A code (or a recovery code) for a confirmed key: used once, counted against the code lockout. */
  async function verify(person: Person, row: SecondFactorRow, code: string): Promise<SignInFactor> {
    const now = clock.now();
    const key = `otp:${person.id}`;
    const reserved = await deps.loginFailures.reserveAttempt(key, now, windowCutoff(now, deps.lockout));
    if (mayTry(reserved, now, deps.lockout)) {
      const step = acceptedStep(secretOf(row), code, now, row.last_step);
      if (step !== undefined && (await repository.useStep(person.id, step))) {
        await deps.loginFailures.clear(key);
        return { ok: true };
      }
      const hashes = JSON.parse(row.recovery_codes) as string[];
      const hash = recoveryHash(code);
      if (
        hashes.includes(hash) &&
        (await repository.useRecoveryCode(
          person.id,
          row.recovery_codes,
          JSON.stringify(hashes.filter((h) => h !== hash)),
        ))
      ) {
        await deps.loginFailures.clear(key);
        await record('second_factor.recovery_code_used', person);
        return { ok: true };
      }
      const until = lockUntil(reserved.failures, now, deps.lockout);
      if (until) await deps.loginFailures.lock(key, until);
      return { ok: false, wrong: true, locked: until !== null };
    }
    return { ok: false, wrong: true, locked: true };
  }

  const factors = {
    required: (role: Role) => deps.requiredRoles.includes(role),

    /** Whether a person has a confirmed second factor, or one being set up. */
    async status(userId: string) {
      const row = await repository.find(userId);
      return { enabled: Boolean(row?.confirmed_at), pending: Boolean(row && !row.confirmed_at) };
    },

    /** Starts setting up a key; one already on must be turned off first (409). */
    async start(person: Person): Promise<Enrolment> {
      const row = await repository.find(person.id);
      if (row?.confirmed_at) throw new AppError('CONFLICT', 'A second factor is on: turn it off first');
      return begin(person);
    },

    async confirm(person: Person, code: string): Promise<string[]> {
      const codes = await confirm(person, code);
      if (!codes) throw invalidField('/code', 'is not the code of the key being set up (or none is)');
      return codes;
    },

    /** Turns a confirmed second factor off, given one of its codes; refused for a role that needs one. */
    async disable(person: Person, code: string): Promise<void> {
      if (deps.requiredRoles.includes(person.role))
        throw new AppError('FORBIDDEN', `A ${person.role} account must keep its second factor`);
      const row = await repository.find(person.id);
      if (!row?.confirmed_at) throw new AppError('CONFLICT', 'No second factor is on');
      const checked = await verify(person, row, code);
      if (!checked.ok) throw invalidField('/code', 'is not a code of this second factor');
      await deps.db.transaction().execute(async (trx) => {
        await repository.remove(person.id, trx);
        await audit.record(
          {
            action: 'second_factor.disabled',
            actor: { type: 'user', id: person.id, name: person.username },
            agencyId: person.agency_id,
            target: { type: 'user', id: person.id },
          },
          trx,
        );
      });
    },

    /**
     * The password grant's step after a right password: at /connect/token (`website` undefined) an
     * account with a second factor, or whose role needs one, is refused (programs use machine clients);
     * on the website the code is asked for, or a second factor set up. The recovery codes of one just set
     * up; a refusal throws (a wrong code is a failed sign-in, recorded).
     */
    async gate(
      person: Person,
      website: { code: string | undefined } | undefined,
    ): Promise<string[] | undefined> {
      if (!website) {
        if (deps.requiredRoles.includes(person.role) || (await factors.status(person.id)).enabled) {
          await record('sign_in.failed', person, 'failure');
          throw new OAuthError(
            'invalid_grant',
            'This account signs in with a second factor, on the website; a program acting for it uses a machine client (client_credentials)',
          );
        }
        return undefined;
      }
      const factor = await factors.atSignIn(person, website.code);
      if (factor.ok) return factor.recoveryCodes;
      if ('need' in factor)
        throw factor.need === 'code'
          ? new AppError('SECOND_FACTOR_REQUIRED', 'Send the code of your authenticator app as one_time_code')
          : new AppError(
              'SECOND_FACTOR_ENROLMENT_REQUIRED',
              'This account needs a second factor: add the key to an authenticator app and sign in again with its code',
              { enrolment: factor.enrolment },
            );
      await record('sign_in.failed', person, 'failure');
      throw new OAuthError('invalid_grant', BAD_CREDENTIALS);
    },

    /**
     * What a website sign-in whose password was right still needs: nothing, a code, or (for a role
     * that must have one) setting one up — whose first code, sent with the password, confirms it.
     */
    async atSignIn(person: Person, code: string | undefined): Promise<SignInFactor> {
      const row = await repository.find(person.id);
      if (row?.confirmed_at) return code ? verify(person, row, code) : { ok: false, need: 'code' };
      if (!deps.requiredRoles.includes(person.role)) return { ok: true };
      if (row && code) {
        const codes = await confirm(person, code);
        return codes ? { ok: true, recoveryCodes: codes } : { ok: false, wrong: true, locked: false };
      }
      return { ok: false, need: 'enrolment', enrolment: await begin(person) };
    },
  };
  return factors;
}

export type SecondFactors = ReturnType<typeof createSecondFactors>;
