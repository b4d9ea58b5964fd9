import { IsolationLevel, type EntityManager, type LockMode } from '@mikro-orm/core';
import type { Database, MySqlServer, Orm, ReadLimitSettings } from './database.js';
import { costlyReadWaitMs, isStatementTimeout } from './hot-read.js';
import { plainMySqlValues, type MySqlHotReader } from './mysql-hot-reader.js';
import type { CostlyReadKind } from './read-budget.js';
import { slowReadError } from './read-overload.js';
import { selectRows } from './select-rows.js';

/** A MySQL or MariaDB database (database.ts): its reads, and MySQL's way of writing what differs. */
export class MySqlDatabase implements Database {
  readonly dialect = 'mysql' as const;
  readonly forUpdate = ' for update';
  readonly claimIsolation = { isolationLevel: IsolationLevel.READ_COMMITTED };
  readonly sqliteFile = null;
  readonly sqlReader: EntityManager;
  #server: Promise<MySqlServer> | undefined;

  constructor(
    readonly orm: Orm,
    readonly reads: ReadLimitSettings,
    /** The hot reads' own mysql2 pool (mysql-hot-reader.ts). */
    readonly hotReader: MySqlHotReader,
  ) {
    this.sqlReader = orm.em.fork();
  }

  /** The server's kind and full-text settings, asked once (a failed probe is asked again). */
  server(): Promise<MySqlServer> {
    if (!this.#server) {
      const server = readMySqlServer(this.orm.em.fork());
      this.#server = server;
      server.catch(() => {
        if (this.#server === server) this.#server = undefined;
      });
    }
    return this.#server;
  }

  /**
   * Time-limited by the server itself (hot-read.ts), on the hot reader's pool outside a
   * transaction and for plain values, else on MikroORM's connection.
   */
  async hotRows<T>(em: EntityManager, sql: string, params: readonly unknown[] = []): Promise<T[]> {
    const server = await this.server();
    const ms = this.reads.hotReadTimeLimitMs;
    const limited =
      server.kind === 'mariadb'
        ? `set statement max_statement_time=${(ms / 1000).toFixed(6)} for ${sql}`
        : sql.replace(
            /^\s*select\b/i,
            `select /*+ MAX_EXECUTION_TIME(${Math.max(1, Math.round(ms))}) */`,
          );
    try {
      const values = em.getTransactionContext() ? undefined : plainMySqlValues(limited, params);
      if (values) return await this.hotReader.rows<T>(limited, values);
      return await selectRows<T>(em, limited, params);
    } catch (error) {
      if (isStatementTimeout(error)) throw slowReadError();
      throw error;
    }
  }

  /** `hotRows` within the budget of its kind (read-pools.ts), so it cannot take every connection. */
  async costlyRows<T>(
    em: EntityManager,
    kind: CostlyReadKind,
    sql: string,
    params: readonly unknown[] = [],
  ): Promise<T[]> {
    const waitMs = costlyReadWaitMs(this.reads.hotReadTimeLimitMs);
    return this.reads.mysqlBudgets[kind].run(() => this.hotRows<T>(em, sql, params), waitMs);
  }

  async orderedJsonArrays(): Promise<'mariadb' | null> {
    if (this.reads.orderedJsonArrays === false) return null;
    return (await this.server()).kind === 'mariadb' ? 'mariadb' : null;
  }

  rowLock<Mode extends LockMode>(lockMode: Mode): { lockMode?: Mode } {
    return { lockMode };
  }

  tableByIndex(table: string, alias: string, index: string): string {
    return `\`${table}\` ${alias} force index (\`${index}\`)`;
  }

  asText(column: string): string {
    return `cast(${column} as char)`;
  }

  pick<T>(choices: { mysql: T }): T {
    return choices.mysql;
  }

  async close(): Promise<void> {
    await this.hotReader.close();
    await this.orm.close(true);
  }
}

async function readMySqlServer(em: EntityManager): Promise<MySqlServer> {
  const [settings] = await selectRows<{
    version: string;
    min: unknown;
    stopwords: unknown;
    table: unknown;
  }>(
    em,
    'select version() as `version`, @@innodb_ft_min_token_size as `min`, ' +
      '@@innodb_ft_enable_stopword as `stopwords`, @@innodb_ft_server_stopword_table as `table`',
  );
  const kind = /mariadb/i.test(settings?.version ?? '') ? 'mariadb' : 'mysql';
  const minTokenSize = Number(settings?.min ?? 3) || 3;
  const stopwords = new Set<string>();
  if (Number(settings?.stopwords ?? 1) === 1) {
    // A custom list is named `db/table` and has a `value` column; otherwise InnoDB's default one.
    const custom = typeof settings?.table === 'string' ? settings.table : '';
    const [db, table] = custom.split('/');
    const source =
      db && table && /^[\w$]+$/.test(db) && /^[\w$]+$/.test(table)
        ? `\`${db}\`.\`${table}\``
        : 'information_schema.innodb_ft_default_stopword';
    const rows = await selectRows<{ value: string }>(em, `select \`value\` from ${source}`);
    for (const row of rows) stopwords.add(String(row.value).toLowerCase());
  }
  return { kind, minTokenSize, stopwords };
}
