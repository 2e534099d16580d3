import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { arrayRowsRead, columnParsers, isArrayRowsRead } from './array-rows-read.ts';

const DATABASE_URL = process.env.DATABASE_URL;

const field = (dataTypeID: number): pg.FieldDef => ({
  name: `c${String(dataTypeID)}`,
  tableID: 0,
  columnID: 0,
  dataTypeID,
  dataTypeSize: -1,
  dataTypeModifier: -1,
  format: 'text',
});

/** Type parsers that count how often a parser is asked for. */
function countingTypes() {
  const asked: number[] = [];
  return {
    asked,
    types: {
      getTypeParser(typeId: number) {
        asked.push(typeId);
        return (text: string) => `${String(typeId)}:${text}`;
      },
    },
  };
}

describe('column parsers of a statement', () => {
  test('are found once per statement name while its columns keep their types', () => {
    const { asked, types } = countingTypes();
    const first = columnParsers('test_parsers_once', [field(23), field(25)], types);
    const again = columnParsers('test_parsers_once', [field(23), field(25)], types);
    expect(again).toBe(first);
    expect(asked).toEqual([23, 25]);
    expect(first.map((parse) => parse('x'))).toEqual(['23:x', '25:x']);
  });

  test('are found again when the same name answers other types or another count', () => {
    const { asked, types } = countingTypes();
    columnParsers('test_parsers_changed', [field(23)], types);
    const changed = columnParsers('test_parsers_changed', [field(1700)], types);
    const longer = columnParsers('test_parsers_changed', [field(1700), field(16)], types);
    expect(asked).toEqual([23, 1700, 1700, 16]);
    expect(changed.map((parse) => parse('1'))).toEqual(['1700:1']);
    expect(longer).toHaveLength(2);
  });
});

describe('which configs are read as arrays here', () => {
  test.each([
    [{ name: 'a', text: 'select 1', rowMode: 'array' }, true],
    [{ name: 'a', text: 'select 1' }, false],
    [{ text: 'select 1', rowMode: 'array' }, false],
    [{ name: 'a', rowMode: 'array' }, false],
  ])('%j → %s', (config, expected) => {
    expect(isArrayRowsRead(config)).toBe(expected);
  });
});

describe.skipIf(!DATABASE_URL)('a read as arrays on PostgreSQL', () => {
  let client: pg.Client;
  const text = `select $1::int as n, '2026-11-27 10:00:00+00'::timestamptz as at, '{"a":[1,2]}'::jsonb as doc, 12.50::numeric as price,
    null::text as nothing, $2::text as said, true as yes from generate_series(1, $3::int)`;
  // What drizzle gives: timestamps kept as their text.
  const TIMESTAMPTZ = 1184;
  const types = {
    getTypeParser(typeId: number): (value: string) => unknown {
      if (typeId === TIMESTAMPTZ) return (value) => value;
      return pg.types.getTypeParser(typeId, 'text') as (value: string) => unknown;
    },
  };

  beforeAll(async () => {
    client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
  });

  test('answers the rows node-postgres’s own query answers, however often it is sent', async () => {
    for (const rows of [3, 1, 0, 2]) {
      const config = { name: 'test_array_rows', text, rowMode: 'array' as const, types };
      const values = [7, `said ${String(rows)}`, rows];
      const ours = await arrayRowsRead(client, config, values);
      const theirs = await client.query({ ...config }, values);
      expect(ours.rows).toHaveLength(rows);
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.rowCount).toBe(rows);
      expect(ours.fields.map((column) => column.name)).toEqual(
        theirs.fields.map((column) => column.name),
      );
    }
    const [row] = (
      await arrayRowsRead(client, { name: 'test_array_rows', text, rowMode: 'array', types }, [
        1,
        'x',
        1,
      ])
    ).rows;
    expect(row?.slice(2)).toEqual([{ a: [1, 2] }, '12.50', null, 'x', true]);
    expect(row?.[1]).toMatch(/^2026-11-27 10:00:00/);
  });

  test('fails with the database’s error, and the connection goes on answering', async () => {
    const failing = arrayRowsRead(
      client,
      { name: 'test_array_rows_fails', text: 'select 1 / $1::int', rowMode: 'array' },
      [0],
    );
    await expect(failing).rejects.toMatchObject({ code: '22012' });
    const after = await arrayRowsRead(
      client,
      { name: 'test_array_rows_after', text: 'select $1::int + 1', rowMode: 'array' },
      [41],
    );
    expect(after.rows).toEqual([[42]]);
  });
});
