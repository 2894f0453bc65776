import { ConfigError, loadConfig } from '../config.ts';
import { AppError } from '../http/app-error.ts';
import { CommandError, UsageError } from './usage-error.ts';

const USAGE = `Usage: itinera <command>

  serve                         run the API (default)
  migrate                       bring the database schema up to date
  users create --username U [--email E] [--role customer|agent|admin] [--agency NAME]
               (--password-stdin | --password P | ITINERA_PASSWORD=P)
  users disable|enable --username U
  clients create --client-id ID [--name N] [--confidential] [--grants password,refresh_token]
  flights import FILE            load schedules and fares (docs/flight-import.md)
  flights generate --preset S|M|L [--start DATE] [--out FILE] [--import]
  hotels import FILE             load hotel content, rates, allotments: JSON or a CSV table (docs/hotel-import.md)
  hotels generate --preset S|M|L [--start DATE] [--out FILE] [--import]
  rates import FILE              load a day's exchange rates (docs/payments.md)
  rates generate --out FILE      write the shipped reference rates as a file to edit and import
  pricing import FILE            create pricing rules, or replace them by name (docs/pricing.md)
  pricing generate --out FILE    write an example set of pricing rules to edit and import
  openapi [--out FILE]           the OpenAPI document the typed client is generated from
  backup --out FILE             a consistent copy of the database, taken while servers run (docs/deploy.md)
  restore FILE [--force]        put a backup in place of the database (servers stopped), then migrate it
  data reseal                   seal travellers' data and second factors again with the first DATA_KEYS key
  demo remove [--keep-inventory] [--yes]
                                take the demo accounts, their bookings and the demo network and hotels out
                                (servers stopped; says what it would remove until --yes)

Settings come from environment variables; see docs/configuration.md.
`;

async function run(argv: string[]): Promise<void> {
  const [command = 'serve', ...args] = argv;
  if (command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return;
  }
  const config = loadConfig();
  // Each command loads what it needs when it runs: `migrate` or `help` need not load the whole service.
  switch (command) {
    case 'serve':
      return (await import('./serve.ts')).serve(config);
    case 'migrate': {
      const { migrateToLatest } = await import('../db/migrate.ts');
      const { describeStorage, openConfiguredStorage } = await import('./runtime.ts');
      const storage = await openConfiguredStorage(config, { migrate: false });
      try {
        const { applied } = await migrateToLatest(storage.db, storage.schema);
        process.stdout.write(
          `${describeStorage(config)}: ${applied.length ? `applied ${applied.join(', ')}` : 'already up to date'}\n`,
        );
      } finally {
        await storage.close();
      }
      return;
    }
    case 'users':
      return (await import('./accounts-commands.ts')).usersCommand(config, args);
    case 'clients':
      return (await import('./accounts-commands.ts')).clientsCommand(config, args);
    case 'flights':
      return (await import('./flights-commands.ts')).flightsCommand(config, args);
    case 'hotels':
      return (await import('./hotels-commands.ts')).hotelsCommand(config, args);
    case 'rates':
      return (await import('./rates-commands.ts')).ratesCommand(config, args);
    case 'pricing':
      return (await import('./pricing-commands.ts')).pricingCommand(config, args);
    case 'backup':
      return (await import('./backup-commands.ts')).backupCommand(config, args);
    case 'restore':
      return (await import('./backup-commands.ts')).restoreCommand(config, args);
    case 'data':
      return (await import('./privacy-commands.ts')).dataCommand(config, args);
    case 'demo':
      return (await import('./demo-commands.ts')).demoCommand(config, args);
    case 'openapi':
      return (await import('./openapi-command.ts')).openapiCommand(args);
    default:
      throw new UsageError(`unknown command ${command}`);
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  else if (error instanceof UsageError) process.stderr.write(`itinera: ${error.message}\n\n${USAGE}`);
  else if (error instanceof CommandError) process.stderr.write(`itinera: ${error.message}\n`);
  else if (error instanceof AppError) {
    process.stderr.write(`itinera: ${error.message}\n`);
    const errors = (error.extras.errors ?? []) as Array<{ pointer: string; line?: number; detail: string }>;
    for (const e of errors.slice(0, 20))
      process.stderr.write(`  ${e.line !== undefined ? `line ${e.line}:` : e.pointer} ${e.detail}\n`);
    if (errors.length > 20) process.stderr.write(`  … and ${errors.length - 20} more\n`);
  } else
    process.stderr.write(
      `itinera: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  process.exit(error instanceof UsageError ? 64 : 1);
});
