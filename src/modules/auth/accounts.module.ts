import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/tables.ts';
import type { App } from '../../http/app-instance.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { PasswordHasher } from '../../ports/password-hasher.ts';
import type { Sealer } from '../../shared/sealed-data.ts';
import type { AuditLog } from '../audit/index.ts';
import { createAccessTokens } from './access-tokens.ts';
import { createAccountErasure } from './account-erasure.ts';
import { createAccountsService } from './accounts-service.ts';
import { agenciesRoutes } from './agencies.routes.ts';
import { authModule } from './auth.plugin.ts';
import { createBearerGuard } from './bearer-guard.ts';
import { createAssertionVerifier } from './client-assertions.ts';
import { clientsRoutes } from './clients.routes.ts';
import { createClientsRepository } from './clients-repository.ts';
import { createUserRoute } from './create-user.route.ts';
import { createLoginFailuresRepository } from './login-failures-repository.ts';
import { createMachineClients } from './machine-clients.ts';
import { createPasswordCheck } from './password-check.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { createPasswordResets, createResetMailWriter, type EnqueueResetMail } from './password-resets.ts';
import { createPasswordResetsRepository } from './password-resets-repository.ts';
import { AGENCY_ROLES } from './scopes.ts';
import { secondFactorRoutes } from './second-factor.routes.ts';
import { createSecondFactors } from './second-factors.ts';
import { createSecondFactorsRepository } from './second-factors-repository.ts';
import { createSigningKeys } from './signing-keys.ts';
import { createSigningKeysRepository } from './signing-keys-repository.ts';
import { createTokenService } from './token-service.ts';
import { createTokensRepository } from './tokens-repository.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersRepository } from './users-repository.ts';

/**
 * Accounts, in two steps because of the order requests meet them in. `accountsModule` knows every caller
 * (the bearer hook, added first, so rate limits count a signed-in caller by account) and hands out the
 * guards; `routes()`, called once the rate limiter is registered, adds the OAuth endpoints and user
 * administration, so that they are counted too.
 */
export async function accountsModule(
  app: App,
  deps: {
    db: Kysely<Database>;
    clock: Clock;
    ids: IdGenerator;
    hasher: PasswordHasher;
    config: Pick<Config, 'auth'> & {
      http: Pick<Config['http'], 'publicUrl' | 'trustProxy'>;
      seller: Pick<Config['seller'], 'name'>;
    };
    /** Seals second factors' keys at rest. */
    sealer: Sealer;
    /** Where sign-ins, resets and changes to accounts are recorded. */
    audit: AuditLog;
  },
) {
  const { db, clock, ids, hasher, config, audit } = deps;
  const lockout = {
    threshold: config.auth.lockoutThreshold,
    windowSeconds: config.auth.lockoutWindowSeconds,
    lockoutSeconds: config.auth.lockoutSeconds,
  };
  const users = createUsersRepository(db);
  const clients = createClientsRepository(db);
  const tokens = createTokensRepository(db);
  const loginFailures = createLoginFailuresRepository(db);
  const keys = createSigningKeys(createSigningKeysRepository(db), clock);
  await keys.init();
  const accessTokens = createAccessTokens({
    keys,
    clock,
    ids,
    issuer: config.http.publicUrl,
    audience: config.auth.audience,
    ttlSeconds: config.auth.accessTokenTtlSeconds,
  });
  const { authenticate, guard } = createBearerGuard(accessTokens, tokens);
  // Callers are known before they are counted: a signed-in caller by account, anyone else by address.
  app.addHook('onRequest', authenticate);
  const guards = {
    read: guard({ scope: 'read' }),
    book: guard({ scope: 'book' }),
    admin: guard({ scope: 'admin', roles: ['admin'] }),
    /** Admins and an agency's people: what is an agency's (its money, its webhooks). */
    agencyRead: guard({ scope: 'read', roles: ['admin', ...AGENCY_ROLES] }),
    agencyBook: guard({ scope: 'book', roles: ['admin', ...AGENCY_ROLES] }),
    /** Admins, and agency admins within their agency (agency-reach.ts). */
    manage: guard({ scope: ['admin', 'manage'], roles: ['admin', 'agency_admin'] }),
  };
  const accounts = createAccountsService({ users, clients, tokens, hasher, clock, ids });
  const assertions = createAssertionVerifier({
    db,
    audiences: ['token', 'revoke', 'introspect']
      .map((endpoint) => `${config.http.publicUrl}/connect/${endpoint}`)
      .concat(config.http.publicUrl),
    allowPrivateNetworks: config.auth.keySetsOnPrivateNetworks,
  });
  const secondFactorsRepository = createSecondFactorsRepository(db);
  const secondFactors = createSecondFactors({
    db,
    repository: secondFactorsRepository,
    sealer: deps.sealer,
    loginFailures,
    lockout,
    clock,
    audit,
    issuer: config.seller.name,
    requiredRoles: config.auth.mfaRequiredRoles,
  });

  return {
    guard,
    guards,
    accounts,
    /** A person's account for their data export and erasure (the privacy module). */
    accountErasure: createAccountErasure({ users, tokens, secondFactors: secondFactorsRepository, hasher }),
    /** The OAuth endpoints and user administration: after the rate limiter, so they are counted. */
    async routes(): Promise<void> {
      const tokenService = createTokenService({
        users,
        clients,
        tokens,
        hasher,
        accessTokens,
        clock,
        ids,
        loginFailures,
        lockout,
        refreshTtlSeconds: config.auth.refreshTokenTtlSeconds,
        audit,
        secondFactors,
        assertions,
      });
      await app.register(authModule, {
        tokens: tokenService,
        keys,
        issuer: config.http.publicUrl,
        tokenRequestsPerMinutePerSource: config.auth.tokenRequestsPerMinutePerSource,
        trustProxy: config.http.trustProxy,
      });
      createUserRoute(app, { accounts, guard: guards.manage, audit });
      const administration = {
        db,
        users,
        tokens,
        clock,
        guard: guards.manage,
        adminGuard: guards.admin,
        audit,
      };
      agenciesRoutes(app, administration);
      usersRoutes(app, administration);
      secondFactorRoutes(app, {
        db,
        factors: secondFactors,
        repository: secondFactorsRepository,
        users,
        checkGuess: createPasswordCheck({ loginFailures, hasher, clock, lockout }),
        audit,
        guard: guards.read,
        manageGuard: guards.manage,
      });
      clientsRoutes(app, {
        clients: createMachineClients({
          clients,
          users,
          hasher,
          clock,
          ids,
          db,
          audit,
          allowPrivateNetworks: config.auth.keySetsOnPrivateNetworks,
        }),
        guard: guards.manage,
      });
    },
    /**
     * Password reset and change (`password-reset.routes.ts`), once the mail outbox exists: it sends the
     * reset mails, each written by this module as it goes (`writeMail` makes its link then).
     */
    passwordResets(
      accountMails: (
        kind: 'password_reset',
        write: (message: { event_id: string }) => Promise<{ subject: string; text: string } | undefined>,
      ) => EnqueueResetMail,
    ): void {
      const repository = createPasswordResetsRepository(db);
      const resets = createPasswordResets({
        db,
        users,
        resets: repository,
        tokens,
        loginFailures,
        hasher,
        checkGuess: createPasswordCheck({ loginFailures, hasher, clock, lockout }),
        clock,
        ids,
        audit,
        enqueue: accountMails(
          'password_reset',
          createResetMailWriter({ resets: repository, clock, publicUrl: config.http.publicUrl }),
        ),
      });
      passwordResetRoutes(app, { resets, guard: guards.read, accounts, manageGuard: guards.manage });
    },
    /** Expired refresh tokens and deny-list entries, failure counts whose window and lock are over. */
    purge: (now: Date) =>
      Promise.all([
        tokens.purgeExpired(now.toISOString()),
        assertions.purge(now),
        loginFailures.purgeStale(now, new Date(now.getTime() - config.auth.lockoutWindowSeconds * 1000)),
      ]),
  };
}
