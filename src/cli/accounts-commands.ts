import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { ROLES, type Role } from '../modules/auth/index.ts';
import type { Catalogue } from '../modules/catalog/index.ts';
import { systemClock } from '../ports/clock.ts';
import { randomIds } from '../ports/ids.ts';
import { hasherFor, openConfiguredStorage } from './runtime.ts';
import { UsageError } from './usage-error.ts';

const EMPTY_CATALOGUE: Catalogue = {
  countries: [],
  cities: [],
  airports: [],
  airlines: [],
  countryByCode: new Map(),
  cityById: new Map(),
  airportByCode: new Map(),
  airlineByCode: new Map(),
  cityByMetroCode: new Map(),
  cityKeys: new Map(),
  airportKeys: new Map(),
  languages: ['en'],
};

async function withAccounts<T>(
  config: Config,
  run: (accounts: Awaited<ReturnType<typeof buildApp>>['accounts']) => Promise<T>,
): Promise<T> {
  const storage = await openConfiguredStorage(config, { migrate: true });
  try {
    const { app, accounts } = await buildApp({
      config,
      storage,
      hasher: hasherFor(config),
      clock: systemClock,
      ids: randomIds,
      catalogue: EMPTY_CATALOGUE,
      logger: false,
    });
    try {
      return await run(accounts);
    } finally {
      await app.close();
    }
  } finally {
    await storage.close();
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

export async function usersCommand(config: Config, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string', default: 'customer' },
      agency: { type: 'string' },
      password: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
    },
  });
  if (!values.username) throw new UsageError('--username is required');
  if (action === 'create') {
    if (!ROLES.includes(values.role as Role))
      throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
    const password = values['password-stdin']
      ? await readStdin()
      : (values.password ?? process.env.ITINERA_PASSWORD);
    if (!password)
      throw new UsageError('give the password with --password-stdin, --password or ITINERA_PASSWORD');
    const user = await withAccounts(config, (a) =>
      a.createUser({
        username: values.username!,
        email: values.email,
        password,
        role: values.role as Role,
        agencyName: values.agency,
      }),
    );
    process.stdout.write(`created ${user.role} ${user.username} (${user.id})\n`);
    return;
  }
  if (action === 'disable' || action === 'enable') {
    await withAccounts(config, (a) => a.setUserDisabled(values.username!, action === 'disable'));
    process.stdout.write(`${action}d ${values.username}\n`);
    return;
  }
  throw new UsageError('users create|disable|enable --username NAME …');
}

export async function clientsCommand(config: Config, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== 'create')
    throw new UsageError(
      'clients create --client-id ID [--name NAME] [--confidential] [--grants password,refresh_token]',
    );
  const { values } = parseArgs({
    args: rest,
    options: {
      'client-id': { type: 'string' },
      name: { type: 'string' },
      confidential: { type: 'boolean', default: false },
      grants: { type: 'string', default: 'password,refresh_token' },
    },
  });
  if (!values['client-id']) throw new UsageError('--client-id is required');
  const created = await withAccounts(config, (a) =>
    a.createClient({
      clientId: values['client-id']!,
      name: values.name,
      confidential: values.confidential ?? false,
      grantTypes: values.grants!.split(','),
    }),
  );
  process.stdout.write(`created client ${created.clientId} (grants: ${created.grantTypes.join(' ')})\n`);
  if (created.clientSecret)
    process.stdout.write(`client_secret: ${created.clientSecret}\n(shown once; only its hash is stored)\n`);
}
