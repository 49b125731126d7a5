import { fillPlaceholders, getTableColumns, is, Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A hot query, written with Drizzle's `sql` (so shared fragments such as `visibleTo` stay the one
 * definition) but compiled to text once, then run by node-postgres as a named prepared statement:
 * no per-request query building, and PostgreSQL parses and plans it once per connection. Values
 * are bound through `sql.placeholder(name)`. Rows come back as node-postgres parses them
 * (timestamps as Date, arrays and JSON parsed), without Drizzle's per-row mapping, so the query
 * names its columns as the caller wants them (see `columnsOf`).
 */
export function preparedQuery<Row>(name: string, query: SQL) {
  const compiled = dialect.sqlToQuery(query);
  const run = async (db: Database, values: Record<string, unknown>): Promise<Row[]> => {
    const result = await db.$client.query({
      name,
      text: compiled.sql,
      values: fillPlaceholders(compiled.params, values),
    });
    return result.rows as Row[];
  };
  return Object.assign(run, { statement: statementOf(name, compiled.sql, compiled.params) });
}

/**
 * What PostgreSQL receives: the name, the text, and per parameter the placeholder it is filled
 * from (or its fixed value). The list benchmark's hand-written baseline sends exactly this.
 */
export type PreparedStatement = {
  name: string;
  text: string;
  params: Array<{ placeholder: string } | { value: unknown }>;
};

function statementOf(name: string, text: string, params: unknown[]): PreparedStatement {
  return {
    name,
    text,
    params: params.map((p) => (is(p, Placeholder) ? { placeholder: p.name } : { value: p })),
  };
}

/**
 * Every column of `table` as `alias.column as "key"`: the row arrives in the shape of
 * `table.$inferSelect`. Numeric columns read as numbers (Drizzle's `mode: 'number'`).
 */
export function columnsOf(table: PgTable, alias: string): SQL {
  const parts = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const cast = column.columnType === 'PgNumericNumber' ? '::float8' : '';
    return `${alias}."${column.name}"${cast} as "${key}"`;
  });
  return sql.raw(parts.join(', '));
}

/**
 * The row `alias` of `table` as one JSON object with the keys of `columnsOf` (for a query that
 * nests rows in JSON); `fromJson` turns it back into `table.$inferSelect`.
 */
export function rowJson(table: PgTable, alias: string): SQL {
  return sql`(select to_json(r) from (select ${columnsOf(table, alias)}) r)`;
}

/** A row of `table` read back from JSON (`rowJson`, `to_json`): its timestamps as Dates again. */
export function fromJson<Row>(table: PgTable, json: Record<string, unknown>): Row {
  const row: Record<string, unknown> = { ...json };
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = row[key];
    if (column.columnType === 'PgTimestamp' && typeof value === 'string') row[key] = new Date(value);
  }
  return row as Row;
}
