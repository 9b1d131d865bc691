import { and, eq, sql } from 'drizzle-orm';
import { boolean, date, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeError } from '../http/log-serializers';
import type { Db } from './open';
import { PlanningPGlite, prepareNamed } from './planned-statements';

const things = pgTable('things', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  day: date('day'),
  // Microseconds, which only PostgreSQL's text keeps: Drizzle's parsers must reach this column.
  stamp: timestamp('stamp', { withTimezone: true, mode: 'string' }),
  meta: jsonb('meta'),
  flag: boolean('flag').notNull(),
  rank: integer('rank'),
});

const client = new PlanningPGlite();
const db = drizzle(client) as unknown as Db;

beforeAll(async () => {
  await client.exec(`create table things (id serial primary key, name text not null unique,
    at timestamptz not null, day date, stamp timestamptz, meta jsonb, flag boolean not null, rank integer)`);
});
afterAll(() => client.close());

const planned = async () =>
  (await client.query<{ name: string }>('select name from pg_prepared_statements')).rows.map(
    (row) => row.name,
  );

const insertThing = () =>
  db
    .insert(things)
    .values({
      name: sql.placeholder('name'),
      at: sql.placeholder('at'),
      day: sql.placeholder('day'),
      stamp: sql.placeholder('stamp'),
      meta: sql.placeholder('meta'),
      flag: sql.placeholder('flag'),
      rank: sql.placeholder('rank'),
    })
    .returning();

const findThing = () =>
  db
    .select()
    .from(things)
    .where(
      and(
        eq(things.name, sql.placeholder('name')),
        eq(things.flag, sql.placeholder('flag')),
        sql`${things.at} >= ${sql.placeholder('since')}::timestamptz`,
      ),
    );

describe('prepareNamed on PGlite', () => {
  it('runs a statement from its plan with the answers of PGlite’s own path, quotes and all', async () => {
    const insert = prepareNamed(db, insertThing(), 'insert_thing');
    const at = new Date('2026-03-04T05:06:07.089Z');
    const name = `O'Brien \\ "quoted" ); drop table things; --`;
    const [inserted] = await insert.execute({
      name,
      at,
      day: '2026-03-04',
      stamp: '2026-03-04T05:06:07.123456Z',
      meta: { a: "it's", b: [1, null] },
      flag: true,
      rank: null,
    });
    const values = { name, flag: true, since: '2026-03-04T05:06:07Z' };

    const [fromPlan] = await prepareNamed(db, findThing(), 'find_thing').execute(values);
    const [unplanned] = await findThing().execute(values);

    expect(await planned()).toEqual(expect.arrayContaining(['insert_thing', 'find_thing']));
    expect(fromPlan).toEqual({
      id: inserted?.id,
      name,
      at,
      day: '2026-03-04',
      stamp: '2026-03-04 05:06:07.123456+00',
      meta: { a: "it's", b: [1, null] },
      flag: true,
      rank: null,
    });
    expect(fromPlan).toEqual(unplanned);
  });

  it('reports a failed execution with the statement’s text and parameters, and logs no value', async () => {
    const insert = prepareNamed(db, insertThing(), 'insert_thing');
    const values = {
      name: 'duplicate-secret',
      at: new Date(),
      day: null,
      stamp: null,
      meta: null,
      flag: false,
      rank: 1,
    };
    await insert.execute(values);

    const error: unknown = await insert.execute(values).then(
      () => undefined,
      (failure: unknown) => failure,
    );

    const cause = (error as { cause: { code: string; query: string; params: unknown[] } }).cause;
    expect(cause.code).toBe('23505');
    expect(cause.query).toBe(insertThing().toSQL().sql);
    expect(cause.params).toContain('duplicate-secret');
    expect(JSON.stringify(serializeError(error))).not.toContain('duplicate-secret');
  });

  it('refuses a NUL as PGlite’s own path does', async () => {
    const values = { name: 'a\0b', flag: true, since: '2026-01-01T00:00:00Z' };
    const unplanned = await findThing()
      .execute(values)
      .catch((failure: { cause: { code: string } }) => failure.cause.code);

    const fromPlan = await prepareNamed(db, findThing(), 'find_thing')
      .execute(values)
      .catch((failure: { cause: { code: string } }) => failure.cause.code);

    expect(fromPlan).toBe(unplanned);
  });

  it('maps the rows of columns and SQL expressions, aliased or not, as Drizzle does', async () => {
    const select = () =>
      db
        .select({
          id: things.id,
          at: things.at,
          stamp: things.stamp,
          rankText: sql<number>`(${things.rank} + 1)::text`.mapWith(Number),
          shout: sql<string>`upper(${things.name})`.as('shout'),
        })
        .from(things)
        .orderBy(things.id);
    const nested = () => db.select({ thing: { id: things.id, at: things.at } }).from(things);
    const flat = prepareNamed(db, select(), 'select_mapped');
    const deep = prepareNamed(db, nested(), 'select_nested');

    const [fromPlan, unplanned] = [await flat.execute(), await select().execute()];

    expect(fromPlan).toEqual(unplanned);
    expect(fromPlan.map((row) => row.rankText)).toEqual([null, 2]);
    expect(fromPlan[0]?.at).toBeInstanceOf(Date);
    expect(await deep.execute()).toEqual(await nested().execute());
    // Where Drizzle keeps the mapper: were it renamed, the rows above would still be right, unhurried.
    const mapperOf = (statement: object) =>
      (statement as { customResultMapper?: unknown }).customResultMapper;
    expect(mapperOf(flat)).toBeTypeOf('function');
    expect(mapperOf(deep)).toBeUndefined();
  });

  it('prepares a statement once when its first executions overlap', async () => {
    const count = prepareNamed(db, db.select({ n: sql<number>`count(*)::int` }).from(things), 'count_things');

    const answers = await Promise.all([count.execute(), count.execute(), count.execute()]);
    await count.execute();

    expect(answers).toEqual([[{ n: 2 }], [{ n: 2 }], [{ n: 2 }]]);
    const { rows } = await client.query<{ runs: number }>(
      `select (generic_plans + custom_plans)::int as runs from pg_prepared_statements where name = 'count_things'`,
    );
    expect(rows).toEqual([{ runs: 4 }]);
  });
});
