import { type Kysely, PostgresAdapter, sql } from 'kysely';

const BEFORE = `role in ('customer', 'agent', 'admin')`;
const AFTER = `role in ('customer', 'agent', 'agency_admin', 'admin')`;

/**
 * A fourth role, `agency_admin`, who runs its own agency's accounts, clients and details: the check on
 * `users.role` widened. The audit log is read by agency too.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the schema has its types
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table users drop constraint users_role_check`.execute(db);
    await sql`alter table users add constraint users_role_check check (${sql.raw(AFTER)})`.execute(db);
  } else {
    await rebuildSqliteTable(db, 'users', (ddl) => ddl.replace(BEFORE, AFTER));
  }
  await db.schema
    .createIndex('audit_events_agency')
    .on('audit_events')
    .columns(['agency_id', 'id'])
    .execute();
}

/**
 * Changes a SQLite table's definition that ALTER TABLE cannot (a CHECK constraint), the way SQLite's
 * documentation prescribes (https://sqlite.org/lang_altertable.html#otheralter): foreign keys off, a new
 * table made from the edited definition, the rows copied, the old table dropped and the new one renamed,
 * its indexes made again, every foreign key checked, all in one transaction. Migrations on SQLite run
 * outside a transaction (Kysely's SQLite adapter has no transactional DDL), so the pragma can be set.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the schema has its types
async function rebuildSqliteTable(db: Kysely<any>, table: string, edit: (ddl: string) => string) {
  const definition = await sql<{ sql: string }>`
    select sql from sqlite_schema where type = 'table' and name = ${table}`.execute(db);
  const ddl = definition.rows[0]?.sql;
  if (!ddl) throw new Error(`no table ${table}`);
  const edited = edit(ddl);
  if (edited === ddl) throw new Error(`the edit changed nothing in ${table}`);
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_schema where type = 'index' and tbl_name = ${table} and sql is not null`.execute(
    db,
  );
  const temporary = `${table}__rebuilt`;
  const renamed = edited.replace(
    /^CREATE TABLE\s+("?)[A-Za-z_][A-Za-z0-9_]*\1/i,
    `CREATE TABLE "${temporary}"`,
  );
  if (renamed === edited) throw new Error(`cannot read the definition of ${table}`);

  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`BEGIN IMMEDIATE`.execute(db);
    try {
      await sql.raw(renamed).execute(db);
      await sql.raw(`INSERT INTO "${temporary}" SELECT * FROM "${table}"`).execute(db);
      await sql.raw(`DROP TABLE "${table}"`).execute(db);
      await sql.raw(`ALTER TABLE "${temporary}" RENAME TO "${table}"`).execute(db);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
      const broken = await sql`PRAGMA foreign_key_check`.execute(db);
      if (broken.rows.length > 0)
        throw new Error(`rebuilding ${table} broke ${broken.rows.length} foreign keys`);
      await sql`COMMIT`.execute(db);
    } catch (error) {
      await sql`ROLLBACK`.execute(db);
      throw error;
    }
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}
