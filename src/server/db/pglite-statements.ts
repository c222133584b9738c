/**
 * PGlite's own `query` sends each query as six wire-protocol calls into the database (parse,
 * describe the statement, bind, describe the portal, execute, sync), parsing and planning it every
 * time, and merges the caller's parsers into a copy of its ~320-entry table: ~160–200 µs for a
 * one-row lookup, nearly all of it overhead. Here a query text seen a second time is parsed once
 * as a named statement (its parameter types and row description read once), and every later run is
 * one call carrying bind, execute and sync together: ~40 µs for the same lookup. (Describing the
 * portal on each run had every column name read again: ~8 % of a session lookup's time, whose
 * users row has some twenty columns.) A text seen once (a migration, a one-off) runs as PGlite
 * runs it. PostgreSQL replans a named statement by itself when a table it reads changes; one whose
 * result columns changed with it is parsed again (and, outside a transaction, run again at once).
 *
 * Same locks, same parameter serializers, and the messages serialised and the results read by
 * PGlite's own `protocol.serialize` and `parse.parseResults`; the replies' bytes are split into
 * messages by node-postgres's parser (pg-protocol), which decodes each value from one buffer where
 * PGlite's copied each into an ArrayBuffer first (a 24-card page's query: 1.7 → 0.8 ms). drizzle's
 * parsers (timestamps and the like kept as text) are set in the client's table once. A query with any other option (a blob, parameter types,
 * serializers, other parsers) goes through PGlite's own `query`.
 */
import { parse, protocol, type PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { Parser } from 'pg-protocol/dist/parser.js';

const { serialize } = protocol;

/** What drizzle passes with every query: these types' values stay the text PostgreSQL sends. */
export const DRIZZLE_RAW_TYPES = new Set([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182]);
const raw = (value: string) => value;
/** Distinct query texts kept as named statements; the least recently used is closed beyond this. */
const MAX_STATEMENTS = 500;
/** Query texts remembered as seen once, waiting for a second run to become a named statement. */
const MAX_SEEN = 2000;

type QueryOptions = Parameters<PGlite['query']>[2];
type Querier = Pick<PGlite, 'query'>;
interface Statement {
  name: string;
  types: number[];
  /** The statement's row description (none for a statement that returns no rows), read once. */
  row?: Message;
}
type Message = Parameters<typeof parse.parseResults>[0][number];
/** PGlite's exclusive sections: one query at a time, and nothing between a transaction's queries. */
interface Locks {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

const isCode = (err: unknown, code: string) => Boolean(err && typeof err === 'object' && (err as { code?: unknown }).code === code);

export function withNamedStatements(client: PGlite): PGlite {
  for (const oid of DRIZZLE_RAW_TYPES) client.parsers[oid] = raw;
  const locks = client as unknown as Locks;
  const statements = new Map<string, Statement>();
  const seen = new Set<string>();
  const toClose: string[] = [];
  let serial = 0;

  const plain = (options: QueryOptions) =>
    !options || Object.entries(options).every(([key, value]) => value === undefined || key === 'rowMode' || (key === 'parsers' && Object.keys(value).every((oid) => DRIZZLE_RAW_TYPES.has(Number(oid)))));

  async function exchange(...messages: Uint8Array[]): Promise<Message[]> {
    const closing = toClose.splice(0).map((name) => serialize.close({ type: 'S', name }));
    // The replies' bytes as the database writes them (views of its memory: copied), read by
    // node-postgres's parser. PGlite's own copied every value into an ArrayBuffer of its own
    // before decoding it: half the time of a 24-card page's query went to that.
    const chunks: Buffer[] = [];
    await client.execProtocolRawStream(Buffer.concat([...closing, ...messages, serialize.sync()]), {
      syncToFs: false,
      onRawData: (data) => void chunks.push(Buffer.from(data)),
    });
    const replies: Message[] = [];
    new Parser().parse(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), (message) => void replies.push(message as unknown as Message));
    const failed = replies.find((message) => message.name === 'error');
    if (failed) throw failed;
    return replies;
  }

  async function statementFor(text: string): Promise<Statement> {
    const known = statements.get(text);
    if (known) {
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `titipan_${serial++}`;
    const replies = await exchange(serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name }));
    const statement = { name, types: parse.parseDescribeStatementResults(replies), row: replies.find((m) => m.name === 'rowDescription') };
    statements.set(text, statement);
    if (statements.size > MAX_STATEMENTS) {
      const [oldest, { name: closed }] = statements.entries().next().value!;
      statements.delete(oldest);
      toClose.push(closed);
    }
    return statement;
  }

  function serializeParam(value: unknown, type: number): string | Buffer | null {
    if (value === null || value === undefined) return null;
    const serializer = client.serializers[type];
    const text: unknown = serializer ? serializer(value) : String(value);
    return typeof text === 'string' ? text : Buffer.from(text as Uint8Array);
  }

  async function execute<T>(text: string, params: unknown[], options: QueryOptions): Promise<Results<T>> {
    const statement = await statementFor(text);
    const values = params.map((value, i) => serializeParam(value, statement.types[i]));
    try {
      const replies = await exchange(serialize.bind({ statement: statement.name, values }), serialize.execute({}));
      if (statement.row) replies.unshift(statement.row);
      return parse.parseResults(replies, client.parsers, options?.rowMode && { rowMode: options.rowMode })[0] as Results<T>;
    } catch (err) {
      // A table the statement reads changed shape since it was parsed: parse it again next time.
      if (isCode(err, '0A000')) {
        statements.delete(text);
        toClose.push(statement.name);
      }
      throw err;
    }
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions, inTransaction: boolean): Promise<Results<T>> {
    try {
      try {
        return await execute<T>(text, params, options);
      } catch (err) {
        // Outside a transaction nothing was done: run it once more, parsed afresh.
        if (isCode(err, '0A000') && !inTransaction) return await execute<T>(text, params, options);
        throw err;
      }
    } catch (err) {
      // As PGlite's own query reports a failed one.
      if (err && typeof err === 'object') Object.assign(err, { query: text, params, queryOptions: options });
      throw err;
    }
  }

  const faster = <Q extends Querier>(querier: Q, inTransaction: boolean): Q => {
    const query = querier.query.bind(querier);
    querier.query = (async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
      if (!plain(options)) return query<T>(text, params, options);
      if (!statements.has(text) && !seen.has(text)) {
        seen.add(text);
        if (seen.size > MAX_SEEN) seen.delete(seen.values().next().value!);
        return query<T>(text, params, options && { ...options, parsers: undefined });
      }
      seen.delete(text);
      if (inTransaction) return locks._runExclusiveQuery(() => run<T>(text, params, options, true));
      const result = await locks._runExclusiveTransaction(() => locks._runExclusiveQuery(() => run<T>(text, params, options, false)));
      await client.syncToFs();
      return result;
    }) as Q['query'];
    return querier;
  };
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) => transaction((tx) => callback(faster(tx, true)));
  return faster(client, false);
}
