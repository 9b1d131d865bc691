/**
 * Statements planned once per database session on PGlite too (issue 31 "Feed pulls"). Drizzle's
 * `.prepare(name)` makes a named server-side statement on PostgreSQL, which node-postgres parses and
 * plans once per connection; on PGlite Drizzle drops the name and PGlite sends the text through the
 * extended protocol at every execution, parsed, described and planned each time (PGlite 0.5 has no
 * statement cache). For the feed pull's statement that was 0.7–0.8 ms of the process's one thread
 * per pull, against 0.3 ms executed from a plan.
 *
 * `prepareNamed` marks a Drizzle statement as one to plan once; `PlanningPGlite` (the PGlite the
 * app opens) then PREPAREs it on its first execution and EXECUTEs it afterwards, its parameters
 * written as SQL literals by PGlite's own serializer for each parameter's type, as its extended
 * protocol would send them (`standard_conforming_strings` is on, so doubling quotes is the whole
 * escaping). Statements run inside a transaction, and anything not marked, take PGlite's usual path.
 * On both databases, the rows of a statement made with `prepareNamed` are mapped to objects with
 * each field's decoder looked up once (`useFlatRowMapper`).
 */
import { PGlite } from '@electric-sql/pglite';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { Column, is, SQL } from 'drizzle-orm';
import type { Query } from 'drizzle-orm';
import type { Db } from './open';

/** A PREPAREd statement's parameter and result column type OIDs (pg_prepared_statements). */
interface Signature {
  parameterTypes: readonly number[];
  resultTypes: readonly number[];
}

interface Plan {
  name: string;
  /** Its signature once PREPAREd; undefined until the first execution. */
  signature?: Promise<Signature>;
}

/** A PostgreSQL `oid[]` read as text (`array_to_string`): `'23,1184'` → [23, 1184]. */
function oids(text: string | undefined): number[] {
  return text ? text.split(',').map(Number) : [];
}

type Serializer = (value: unknown) => string;

/** `text` as a PostgreSQL identifier: double-quoted, inner quotes doubled. */
function identifier(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * `value` as the SQL literal PGlite's extended protocol would bind for a parameter whose type's
 * serializer is `serialize`: `null` for null or undefined, else the serializer's text (or
 * `toString()`) quoted. A NUL in it makes PostgreSQL refuse the whole message (08P01), as it
 * refuses the parameter's.
 */
function literal(value: unknown, serialize: Serializer | undefined): string {
  if (value === null || value === undefined) return 'null';
  const text = serialize ? serialize(value) : String(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * PGlite that executes the statements marked with `planOnce` from a plan made on their first
 * execution. Everything else behaves as PGlite.
 */
export class PlanningPGlite extends PGlite {
  readonly #plans = new Map<string, Plan>();

  /** Marks statement `text` (Drizzle's SQL, `$n` placeholders) to be PREPAREd as `name`. */
  planOnce(name: string, text: string): void {
    if (!this.#plans.has(text)) this.#plans.set(text, { name });
  }

  /**
   * PGlite's `query`; a statement marked with `planOnce` runs as EXECUTE of its plan. Errors carry
   * the statement's own text and parameters, as PGlite's: never the EXECUTE with values in it.
   */
  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const plan = this.#plans.get(text);
    if (!plan || options?.paramTypes || options?.blob) return super.query<T>(text, params, options);
    const signature = await this.#signature(plan, text);
    if (!signature) return super.query<T>(text, params, options);
    const types = signature.parameterTypes;
    const own = options?.serializers as Record<number, Serializer> | undefined;
    const serializers = this.serializers as Record<number, Serializer>;
    const values = params.map((value, index) => {
      const type = types[index];
      return literal(value, type === undefined ? undefined : (own?.[type] ?? serializers[type]));
    });
    const args = values.length > 0 ? `(${values.join(', ')})` : '';
    // PGlite copies its table of 318 parsers for every query given `parsers` (~0.2 ms): Drizzle
    // always gives some (for dates and times), which matter only when a column has their type.
    const parsers = options?.parsers;
    const parsed = parsers && signature.resultTypes.some((type) => type in parsers);
    try {
      const [result] = await this.exec(
        `execute ${identifier(plan.name)}${args}`,
        parsed ? options : { ...options, parsers: undefined },
      );
      return result as Results<T>;
    } catch (error) {
      if (typeof error === 'object' && error !== null) Object.assign(error, { query: text, params });
      throw error;
    }
  }

  /**
   * The plan's signature, PREPAREing it on the first call. Undefined when PREPARE failed: the
   * statement then runs the usual way for good, which reports its error as before.
   */
  async #signature(plan: Plan, text: string): Promise<Signature | undefined> {
    plan.signature ??= (async () => {
      await this.exec(`prepare ${identifier(plan.name)} as ${text}`);
      const { rows } = await super.query<{ parameters: string; results: string }>(
        `select array_to_string(parameter_types::oid[], ',') as parameters,
          array_to_string(result_types::oid[], ',') as results
          from pg_prepared_statements where name = $1`,
        [plan.name],
      );
      return { parameterTypes: oids(rows[0]?.parameters), resultTypes: oids(rows[0]?.results) };
    })();
    try {
      return await plan.signature;
    } catch {
      return undefined;
    }
  }
}

/**
 * `query.prepare(name)` on `db`, planned once per session on PGlite as well (see the module's
 * comment) when `db`'s client (Drizzle's `$client`) is a PlanningPGlite, and its rows mapped with the
 * decoders looked up once (`useFlatRowMapper`). Returns Drizzle's prepared statement, used as usual.
 */
export function prepareNamed<P extends { getQuery(): Query }>(
  db: Db,
  query: { prepare(name: string): P },
  name: string,
): P {
  const prepared = query.prepare(name);
  useFlatRowMapper(prepared);
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PlanningPGlite) client.planOnce(name, prepared.getQuery().sql);
  return prepared;
}

/** A column's or an SQL expression's conversion of a driver's value (Drizzle's, not in its types). */
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What `useFlatRowMapper` reads and sets of Drizzle's prepared statement (not in its types). */
interface MappedStatement {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** The decoder Drizzle's `mapResultRow` uses for `field`; undefined for the kinds it nests. */
function decoderOf(field: unknown): Decoder | undefined {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL.Aliased)) return (field.sql as unknown as { decoder: Decoder }).decoder;
  return undefined;
}

/**
 * Gives `prepared` a row mapper that does what Drizzle's does, with each field's decoder looked up
 * once rather than for every value: Drizzle's `mapResultRow` tests each field's class, up its
 * prototype chain for an SQL expression, per value of every row, 15 % of the server's CPU on a
 * 100-user page (issue 31). Only for selections whose fields are all at the top level and of the
 * kinds above; any other statement, or a Drizzle whose prepared statements no longer look like
 * this, keeps Drizzle's own mapping.
 */
function useFlatRowMapper(prepared: object): void {
  const statement = prepared as MappedStatement;
  const fields = statement.fields;
  if (!fields || statement.customResultMapper || fields.some(({ path }) => path.length !== 1)) return;
  const keys = fields.map(({ path }) => path[0]!);
  const decoders = fields.map(({ field }) => decoderOf(field));
  if (decoders.includes(undefined)) return;
  const decode = decoders as Decoder[];
  statement.customResultMapper = (rows) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let index = 0; index < keys.length; index += 1) {
        const value = row[index];
        mapped[keys[index]!] = value === null ? null : decode[index]!.mapFromDriverValue(value);
      }
      return mapped;
    });
}
