// A prepared read whose rows come back as arrays (how drizzle reads a select), sent on a pipelined
// connection without two costs node-postgres pays on every statement (ADR 0037): it copies the
// statement's config property by property, and it builds each result's column parsers and an
// empty row object keyed by every column's name from the row description, although rows as arrays
// never use that object. A statement's name always stands for one text, so its columns' types,
// and with them its parsers, are found once per name (and again if the types ever differ).
//
// It reaches inside node-postgres (the fields of its Query and Result): node-postgres is pinned by
// the lockfile, and every server test runs its reads through here on PostgreSQL in CI.
import pg from 'pg';

type Parser = (text: string) => unknown;

interface TypeParsers {
  getTypeParser(typeId: number, format: string): Parser;
}

/** What drizzle gives `pool.query` for a select: a named statement read as arrays. */
export interface ArrayRowsConfig {
  name: string;
  text: string;
  rowMode: 'array';
  types?: TypeParsers;
}

/** The parts of node-postgres's Result this read sets. */
interface ResultParts {
  fields: pg.FieldDef[];
  _parsers: Parser[] | undefined;
  /** The statement's types, else the client's (set when the query is given to it). */
  _types: TypeParsers | undefined;
  addFields(fields: pg.FieldDef[]): void;
}

/** The parts of node-postgres's Query this read sets. */
interface QueryParts {
  name: string;
  values: unknown[] | undefined;
  types: TypeParsers | undefined;
  _rowMode: 'array';
  _result: ResultParts;
  _results: ResultParts;
  callback: (error: Error | null, result: pg.QueryArrayResult) => void;
}

const Result = pg.Result as unknown as new (rowMode: 'array', types?: TypeParsers) => ResultParts;

interface KnownColumns {
  typeIds: number[];
  parsers: Parser[];
}

const columnsByName = new Map<string, KnownColumns>();

function sameTypes(known: KnownColumns, fields: readonly pg.FieldDef[]): boolean {
  if (known.typeIds.length !== fields.length) return false;
  for (let at = 0; at < fields.length; at += 1) {
    const field = fields[at] as pg.FieldDef;
    if (field.dataTypeID !== known.typeIds[at] || (field.format ?? 'text') !== 'text') {
      return false;
    }
  }
  return true;
}

/** The parsers of a statement's columns, found once for its name and the types it answers. */
export function columnParsers(
  name: string,
  fields: readonly pg.FieldDef[],
  types: TypeParsers = pg.types as unknown as TypeParsers,
): Parser[] {
  const known = columnsByName.get(name);
  if (known && sameTypes(known, fields)) return known.parsers;
  const found: KnownColumns = {
    typeIds: fields.map((field) => field.dataTypeID),
    parsers: fields.map((field) => types.getTypeParser(field.dataTypeID, field.format ?? 'text')),
  };
  columnsByName.set(name, found);
  return found.parsers;
}

/** Whether `config` is a select drizzle reads as arrays (the only kind this read sends). */
export function isArrayRowsRead(config: unknown): config is ArrayRowsConfig {
  const { name, text, rowMode } = config as Partial<ArrayRowsConfig>;
  return typeof name === 'string' && typeof text === 'string' && rowMode === 'array';
}

/** Sends `config` with `values` on `connection`; answers as `connection.query` would. */
export function arrayRowsRead(
  connection: pg.Client,
  config: ArrayRowsConfig,
  values: unknown[] | undefined,
): Promise<pg.QueryArrayResult> {
  return new Promise((resolve, reject) => {
    // Given the text alone, node-postgres has nothing to copy; the rest is set here.
    const query = new pg.Query(config.text) as unknown as QueryParts;
    query.name = config.name;
    query.values = values;
    query.types = config.types;
    query._rowMode = 'array';
    const result = new Result('array', config.types);
    result.addFields = (fields) => {
      result.fields = fields;
      result._parsers = columnParsers(config.name, fields, result._types);
    };
    query._result = result;
    query._results = result;
    query.callback = (error, answer) => (error ? reject(error) : resolve(answer));
    connection.query(query as unknown as pg.Query);
  });
}
