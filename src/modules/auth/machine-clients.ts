import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { AppError, invalidField } from '../../http/app-error.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { PasswordHasher } from '../../ports/password-hasher.ts';
import { publicUrlProblem } from '../../ports/public-urls.ts';
import type { AuditLog } from '../audit/index.ts';
import { agencyFilter, mustReach, type Reach } from './agency-reach.ts';
import { hashClientSecret } from './client-authentication.ts';
import type { ClientRow, ClientsRepository } from './clients-repository.ts';
import { decideScope, type Role, type Scope } from './scopes.ts';
import type { UsersRepository } from './users-repository.ts';

/** The longest a rotated secret may go on working. */
export const MAX_GRACE_SECONDS = 7 * 86_400;

type MachineRow = ClientRow & { role: Role; agency_id: string | null };

/** A machine client as the API shows it: never its secret, which is shown once when made. */
export function clientView(c: MachineRow) {
  return {
    client_id: c.client_id,
    name: c.name,
    role: c.role,
    agency_id: c.agency_id,
    scopes: (c.scopes ?? '').split(' ').filter(Boolean),
    grant_types: c.grant_types.split(' '),
    created_at: c.created_at,
    previous_secret_expires_at: c.previous_secret_expires_at,
    revoked_at: c.revoked_at,
    token_endpoint_auth_method:
      c.jwks !== null || c.jwks_uri !== null ? 'private_key_jwt' : 'client_secret_basic',
    jwks_uri: c.jwks_uri,
  };
}

/** A client's public keys as registered: a JWK Set inline, or where to fetch one. */
export interface ClientKeys {
  jwks?: { keys: Array<Record<string, unknown>> } | undefined;
  jwks_uri?: string | undefined;
}

/** Only public keys of a signing kind; a private part sent by mistake is refused, never kept. */
function checkedKeys(keys: ClientKeys): { jwks: string | null; jwks_uri: string | null } | undefined {
  if (keys.jwks && keys.jwks_uri) throw invalidField('/jwks_uri', 'is given with jwks: give one of them');
  if (keys.jwks) {
    keys.jwks.keys.forEach((key, i) => {
      if (!['RSA', 'EC', 'OKP'].includes(String(key.kty)))
        throw invalidField(`/jwks/keys/${i}/kty`, 'must be RSA, EC or OKP');
      if (['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'].some((part) => part in key))
        throw invalidField(`/jwks/keys/${i}`, 'holds a private key: register the public key only');
    });
    return { jwks: JSON.stringify(keys.jwks), jwks_uri: null };
  }
  if (keys.jwks_uri) return { jwks: null, jwks_uri: keys.jwks_uri };
  return undefined;
}

/** A key set's URL must be one the service may call: https, on a public address (ports/public-urls.ts). */
async function checkedKeySetUrl(
  uri: string | null | undefined,
  allowPrivateNetworks: boolean,
): Promise<void> {
  if (!uri) return;
  const problem = await publicUrlProblem(uri, allowPrivateNetworks);
  if (problem) throw invalidField('/jwks_uri', problem);
}

const newSecret = () => `cs_${randomBytes(32).toString('base64url')}`;

/**
 * Machine clients (RFC 6749 §4.4): a confidential client with an account of its own — an agency's agent
 * or an operator's admin — that gets tokens with `client_credentials`, its secret stored hashed, shown
 * once, rotated with a grace for the old one, and revoked (its account disabled, so its tokens stop).
 */
export function createMachineClients(deps: {
  clients: ClientsRepository;
  users: UsersRepository;
  hasher: PasswordHasher;
  clock: Clock;
  ids: IdGenerator;
  db: Kysely<Database>;
  audit: Pick<AuditLog, 'record'>;
  /** Key set URLs on loopback and private addresses, over http too (local development, tests). */
  allowPrivateNetworks: boolean;
}) {
  const { clients, users, clock, ids, db, audit } = deps;
  /** What the audit log keeps of a client. */
  const state = (c: { name: string; scopes: string | null }) => ({ name: c.name, scopes: c.scopes });

  /** The client, if it is within `reach` (404 as for a missing one otherwise). */
  async function machine(clientId: string, reach: Reach): Promise<MachineRow> {
    const client = await clients.findById(clientId);
    const account = client?.service_user_id ? await users.findById(client.service_user_id) : undefined;
    if (!client || !account) throw new AppError('NOT_FOUND', 'No such machine client');
    mustReach(reach, account.agency_id, 'machine client');
    return { ...client, role: account.role, agency_id: account.agency_id };
  }

  const scopesFor = (role: Role, scopes: readonly Scope[] | undefined) => {
    if (scopes === undefined) return null;
    const decided = decideScope(role, scopes.join(' '));
    if (!decided.ok || scopes.length === 0)
      throw invalidField(
        '/scopes',
        decided.ok ? 'must name a scope' : `are beyond the ${role} role: ${decided.reason}`,
      );
    return decided.scope;
  };

  return {
    /** An agency admin's client is its agency's agent; an admin's, an agent of `agency_id` or an admin. */
    async create(
      input: { name: string; agency_id?: string | undefined; scopes?: Scope[] | undefined } & ClientKeys,
      reach: Reach,
    ) {
      const keys = checkedKeys(input);
      await checkedKeySetUrl(keys?.jwks_uri, deps.allowPrivateNetworks);
      const agencyId = reach.kind === 'all' ? input.agency_id : agencyFilter(reach, input.agency_id);
      const role: Role = agencyId ? 'agent' : 'admin';
      if (agencyId && !(await users.findAgency(agencyId)))
        throw invalidField('/agency_id', 'is not an agency');
      const scopes = scopesFor(role, input.scopes);
      const now = clock.now().toISOString();
      const clientId = ids.next('cli');
      const secret = keys ? undefined : newSecret();
      const userId = ids.next('usr');
      await clients.insertMachine(
        {
          client_id: clientId,
          name: input.name,
          secret_hash: secret ? hashClientSecret(secret) : null,
          ...keys,
          grant_types: 'client_credentials',
          created_at: now,
          service_user_id: userId,
          scopes,
        },
        {
          id: userId,
          username: `client.${clientId}`,
          email: null,
          // Nobody knows this password: the account signs in only through its client.
          password_hash: await deps.hasher.hash(randomBytes(32).toString('base64url')),
          role,
          agency_id: agencyId ?? null,
          disabled: 0,
          created_at: now,
          updated_at: now,
        },
        (trx) =>
          audit.record(
            {
              action: 'client.created',
              agencyId: agencyId ?? null,
              target: { type: 'client', id: clientId },
              after: { ...state({ name: input.name, scopes }), role, agency_id: agencyId ?? null },
            },
            trx,
          ),
      );
      return { ...clientView(await machine(clientId, reach)), client_secret: secret ?? null };
    },

    async list(agencyId: string | undefined, reach: Reach) {
      return (await clients.listMachine(agencyFilter(reach, agencyId))).map(clientView);
    },

    async update(
      clientId: string,
      input: { name?: string | undefined; scopes?: Scope[] | undefined } & ClientKeys,
      reach: Reach,
    ) {
      const client = await machine(clientId, reach);
      const scopes = scopesFor(client.role, input.scopes);
      const keys = checkedKeys(input);
      if (keys && client.secret_hash !== null)
        throw new AppError('CONFLICT', 'This client authenticates with a secret: make a new client for keys');
      await checkedKeySetUrl(keys?.jwks_uri, deps.allowPrivateNetworks);
      const fields = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.scopes !== undefined ? { scopes } : {}),
        ...keys,
      };
      await db.transaction().execute(async (trx) => {
        await clients.update(clientId, fields, trx);
        await audit.record(
          {
            action: 'client.updated',
            agencyId: client.agency_id,
            target: { type: 'client', id: clientId },
            before: state(client),
            after: state({ ...client, ...fields }),
          },
          trx,
        );
      });
      return clientView(await machine(clientId, reach));
    },

    /** A new secret; the one it replaces goes on working for `graceSeconds`. */
    async rotateSecret(clientId: string, graceSeconds: number, reach: Reach) {
      const client = await machine(clientId, reach);
      if (client.revoked_at) throw new AppError('CONFLICT', 'The client is revoked');
      if (client.secret_hash === null)
        throw new AppError('CONFLICT', 'This client signs assertions: give it new keys with update_client');
      const secret = newSecret();
      await db.transaction().execute(async (trx) => {
        await clients.update(
          clientId,
          {
            secret_hash: hashClientSecret(secret),
            previous_secret_hash: graceSeconds > 0 ? client.secret_hash : null,
            previous_secret_expires_at:
              graceSeconds > 0 ? new Date(clock.now().getTime() + graceSeconds * 1000).toISOString() : null,
          },
          trx,
        );
        await audit.record(
          {
            action: 'client.secret_rotated',
            agencyId: client.agency_id,
            target: { type: 'client', id: clientId },
            after: { old_secret_works_seconds: graceSeconds },
          },
          trx,
        );
      });
      return { ...clientView(await machine(clientId, reach)), client_secret: secret };
    },

    async revoke(clientId: string, reach: Reach) {
      const client = await machine(clientId, reach);
      if (!client.revoked_at)
        await clients.revoke(client, clock.now().toISOString(), (trx) =>
          audit.record(
            {
              action: 'client.revoked',
              agencyId: client.agency_id,
              target: { type: 'client', id: clientId },
            },
            trx,
          ),
        );
      return clientView(await machine(clientId, reach));
    },
  };
}

export type MachineClients = ReturnType<typeof createMachineClients>;
