import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { PasswordHasher } from '../../ports/password-hasher.ts';
import { type Language, languageOf, translator } from '../../shared/messages/catalogue.ts';
import type { AuditLog } from '../audit/index.ts';
import { attemptKey } from './lockout.ts';
import type { LoginFailuresRepository } from './login-failures-repository.ts';
import type { PasswordCheck } from './password-check.ts';
import type { PasswordResetsRepository } from './password-resets-repository.ts';
import { tokenHash } from './token-hash.ts';
import type { TokensRepository } from './tokens-repository.ts';
import type { UsersRepository } from './users-repository.ts';

/** How long a reset link works once mailed. */
export const RESET_LINK_MINUTES = 60;
/** How long an invitation's link works once mailed. */
export const INVITE_LINK_DAYS = 7;
/** Resets an account may ask for in an hour; more are answered alike and mail nothing. */
export const RESETS_PER_HOUR = 3;

/** A reset's mail put in the outbox, in the caller's transaction. */
export type EnqueueResetMail = (
  trx: Kysely<Database>,
  mail: { ref: string; recipient: string; at: string },
) => Promise<void>;

/**
 * A reset's or invitation's mail, written as the outbox sends it, with a new link (only its SHA-256 kept);
 * undefined once the reset was used or ended, or the account can no longer sign in.
 */
export function createResetMailWriter(deps: {
  resets: PasswordResetsRepository;
  clock: Clock;
  publicUrl: string;
}) {
  return async (message: { event_id: string }): Promise<{ subject: string; text: string } | undefined> => {
    const reset = await deps.resets.pending(message.event_id);
    if (!reset) return undefined;
    const invite = reset.purpose === 'invite';
    const token = randomBytes(32).toString('base64url');
    const lasts = invite ? INVITE_LINK_DAYS * 86_400_000 : RESET_LINK_MINUTES * 60_000;
    const expires = new Date(deps.clock.now().getTime() + lasts).toISOString();
    if (!(await deps.resets.issue(message.event_id, tokenHash(token), expires))) return undefined;
    const t = translator(languageOf(reset.language));
    const values = {
      username: reset.username,
      minutes: RESET_LINK_MINUTES,
      days: INVITE_LINK_DAYS,
      // An invitation's page welcomes the new account instead of speaking of a forgotten password.
      link: `${deps.publicUrl}/reset-password#token=${token}${invite ? '&invite=1' : ''}`,
      token,
    };
    return invite
      ? { subject: t('mail.invitation.subject'), text: t('mail.invitation.body', values) }
      : { subject: t('mail.passwordReset.subject'), text: t('mail.passwordReset.body', values) };
  };
}

/**
 * Password reset and change. A reset is asked for by user name or e-mail and answered alike whether or
 * not an account has it (no account is told apart); its link is made when its mail is sent, kept only as
 * a SHA-256, works once and for RESET_LINK_MINUTES, and ends every session of the account. A change asks
 * for the current password and ends the account's other sessions.
 */
export function createPasswordResets(deps: {
  db: Kysely<Database>;
  users: UsersRepository;
  resets: PasswordResetsRepository;
  tokens: TokensRepository;
  loginFailures: LoginFailuresRepository;
  hasher: PasswordHasher;
  /** A wrong current password counts as a failed sign-in does (the same check and lockout). */
  checkGuess: PasswordCheck;
  clock: Clock;
  ids: IdGenerator;
  audit: Pick<AuditLog, 'record'>;
  /** Puts a reset's mail in the outbox, in the caller's transaction. */
  enqueue: EnqueueResetMail;
}) {
  const { db, users, resets, tokens, hasher, clock } = deps;
  /** A link's request and its mail in the outbox, in one transaction. */
  const mailLink = async (
    user: { id: string; email: string; agencyId: string | null },
    purpose: 'reset' | 'invite',
    language: Language,
  ) => {
    const at = clock.now().toISOString();
    const id = deps.ids.ordered('pwr');
    await db.transaction().execute(async (trx) => {
      await resets.insert(trx, { id, user_id: user.id, purpose, language, created_at: at });
      await deps.enqueue(trx, { ref: id, recipient: user.email, at });
      await deps.audit.record(
        {
          action: purpose === 'invite' ? 'user.invited' : 'password_reset.requested',
          target: { type: 'user', id: user.id },
          agencyId: user.agencyId,
        },
        trx,
      );
    });
  };

  return {
    /**
     * Puts a reset mail in the outbox for the account with this user name or e-mail, if there is one that
     * can sign in, has an e-mail address and has not asked RESETS_PER_HOUR times in the last hour.
     */
    async request(login: string, language: Language): Promise<void> {
      const user = await users.findByLogin(login);
      if (!user || user.disabled || !user.email) return;
      const hourAgo = new Date(clock.now().getTime() - 3_600_000).toISOString();
      if ((await resets.countSince(user.id, hourAgo)) >= RESETS_PER_HOUR) return;
      await mailLink({ id: user.id, email: user.email, agencyId: user.agency_id }, 'reset', language);
    },

    /** Mails a new account a link to choose its first password (an admin's invitation). */
    async invite(user: { id: string; email: string; agencyId: string | null }, language: Language) {
      await mailLink(user, 'invite', language);
    },

    /** Sets the password of the account a reset token names, once: every session of the account ends. */
    async reset(token: string, newPassword: string): Promise<void> {
      const passwordHash = await hasher.hash(newPassword);
      const now = clock.now().toISOString();
      const userId = await db.transaction().execute(async (trx) => {
        const id = await resets.use(trx, tokenHash(token), now);
        if (!id) return undefined;
        // Every sign-in ends with its refresh family, and its access tokens with it; not by a time, so
        // that signing in again within the same second works.
        await users.setPassword(trx, id, passwordHash, now);
        await resets.endFor(trx, id, now);
        await tokens.revokeUserFamilies(id, now, { trx });
        // The holder of the mailbox did it: the account itself.
        const user = await users.findById(id, trx);
        await deps.audit.record(
          {
            action: 'password_reset.completed',
            actor: { type: 'user', id, name: user?.username ?? null },
            agencyId: user?.agency_id ?? null,
            target: { type: 'user', id },
          },
          trx,
        );
        return id;
      });
      if (!userId)
        throw new AppError(
          'INVALID_RESET_TOKEN',
          'This reset link was used, has expired or is not one: ask for a new one',
        );
      // A locked-out account that proved it holds its mailbox may sign in again at once.
      await deps.loginFailures.clear(attemptKey({ id: userId }, ''));
    },

    /** Changes a person's own password, given the current one: the account's other sessions end. */
    async change(
      caller: { userId: string; sessionId: string | null },
      currentPassword: string,
      newPassword: string,
    ): Promise<void> {
      const user = await users.findById(caller.userId);
      if (!user) throw new AppError('NOT_FOUND', 'No such account');
      // Guessing the current password with a token is guessing a sign-in: the same count and lockout.
      if (!(await deps.checkGuess(attemptKey(user, ''), user.password_hash, currentPassword)).ok) {
        await deps.audit.record({
          action: 'password.change_refused',
          outcome: 'failure',
          target: { type: 'user', id: user.id },
        });
        throw new AppError('VALIDATION_FAILED', 'The current password is not right', {
          errors: [
            {
              location: 'body',
              pointer: '/current_password',
              detail: 'is not the current password, or the account is locked after too many wrong ones',
            },
          ],
        });
      }
      const passwordHash = await hasher.hash(newPassword);
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        await users.setPassword(trx, user.id, passwordHash, now);
        await resets.endFor(trx, user.id, now);
        await tokens.revokeUserFamilies(user.id, now, { trx, except: caller.sessionId });
        await deps.audit.record({ action: 'password.changed', target: { type: 'user', id: user.id } }, trx);
      });
    },
  };
}

export type PasswordResets = ReturnType<typeof createPasswordResets>;
