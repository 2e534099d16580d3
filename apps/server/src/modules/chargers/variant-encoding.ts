import {
  CHARGER_LIST_FIELDS,
  type ListChargersResponse,
  type listChargersRequest,
} from '@evc/contract';
import type { z } from 'zod';
import { EncodedAnswer } from '../../platform/http/encoded-answer.ts';
import {
  deflateSegment,
  gzipOfSegments,
  plainOfSegments,
  type DeflatedSegment,
} from '../../platform/http/segmented-gzip.ts';
import { COLUMNS, type Chunk, type Column, type Edits, type Table } from './charger-table.ts';

export type ListChargersInput = z.output<typeof listChargersRequest>;

/** What a request asks for; requests differing only in the order of their lists ask the same. */
export interface Variant {
  key: string;
  onlineOnly: boolean;
  /** `barcode` first, then the fields, then `connectors` when populated. */
  columns: Column[];
}

export function variantOf(input: ListChargersInput): Variant {
  const fields = new Set<Column>(input.field_filter ?? CHARGER_LIST_FIELDS);
  if (input.populate.includes('connectors')) fields.add('connectors');
  const columns = COLUMNS.filter((column) => column === 'barcode' || fields.has(column));
  const onlineOnly = !input.toggles.offline;
  return { key: JSON.stringify([onlineOnly, columns]), onlineOnly, columns };
}

/** Columns a status report or a connection changes; the others change only with provisioning. */
const LIVE_COLUMNS: ReadonlySet<Column> = new Set<Column>(['online', 'connectors']);
/**
 * Chunks compressed together in a column that only provisioning changes: long segments compress
 * best (each starts with an empty window), and a charger provisioned compresses one again.
 */
const PROVISIONED_SPAN = 8;

/** Where a segment sits in its column, which its brackets and leading comma depend on. */
interface Place {
  first: boolean;
  last: boolean;
  /** Whether entries come before it in the column. */
  afterEntries: boolean;
}
const samePlace = (a: Place, b: Place) =>
  a.first === b.first && a.last === b.last && a.afterEntries === b.afterEntries;

const sameList = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((value, at) => value === b[at]);

/** Neighbouring chunks of one column compressed together. */
interface Segment {
  chunks: Chunk[];
  place: Place;
  deflated: DeflatedSegment;
}

/**
 * One variant of the answer kept as compressed segments: a head with the count, then each
 * column cut along the table's chunks. The columns that live changes touch have a segment a
 * chunk, so a status change compresses one small segment again; the others a segment for
 * `PROVISIONED_SPAN` chunks (a variant of online chargers only has a segment a chunk in every
 * column, since a charger coming online adds an entry to each). The gzip answer is pieced
 * together from the segments (see segmented-gzip.ts).
 */
export class VariantEncoding {
  private head: DeflatedSegment | undefined;
  private count = -1;
  /** The rows each chunk answers (all, or its online ones), counted from the chunk's start. */
  private picks = new Map<Chunk, number[]>();
  /** [column][segment] */
  private segments: Segment[][] = [];
  private answer: EncodedAnswer<ListChargersResponse> | null = null;

  private constructor(
    readonly variant: Variant,
    private readonly table: Table,
  ) {}

  static async of(variant: Variant, table: Table): Promise<VariantEncoding> {
    const encoding = new VariantEncoding(variant, table);
    await encoding.update(new Map());
    return encoding;
  }

  private span(column: Column): number {
    return this.variant.onlineOnly || LIVE_COLUMNS.has(column) ? 1 : PROVISIONED_SPAN;
  }

  private pick(chunk: Chunk): number[] {
    const picked: number[] = [];
    for (let offset = 0; offset < chunk.size; offset += 1) {
      if (!this.variant.onlineOnly || this.table.columns.online[chunk.start + offset]) {
        picked.push(offset);
      }
    }
    return picked;
  }

  /** A column's entries of `chunks`, with its name before the first and its end after the last. */
  private encode(column: number, chunks: Chunk[], place: Place): Promise<DeflatedSegment> {
    const name = this.variant.columns[column] as Column;
    const list: unknown[] = this.table.columns[name];
    const entries = JSON.stringify(
      chunks.flatMap((chunk) =>
        (this.picks.get(chunk) ?? []).map((offset) => list[chunk.start + offset]),
      ),
    ).slice(1, -1);
    return deflateSegment(
      (place.first ? `,"${name}":[` : '') +
        (entries && place.afterEntries ? ',' : '') +
        entries +
        (place.last ? ']' : '') +
        (place.last && column === this.variant.columns.length - 1 ? '}}' : ''),
    );
  }

  /**
   * Compresses again the segments that `edits` (patched into the table) altered in this variant,
   * and those whose chunks it has not met yet (all of them the first time).
   */
  async update(edits: Edits): Promise<void> {
    const picks = new Map<Chunk, number[]>();
    /** Chunks whose rows in this variant are other than before. */
    const moved = new Set<Chunk>();
    for (const chunk of this.table.chunks) {
      const known = this.picks.get(chunk);
      const edit = edits.get(chunk);
      if (known && edit !== 'rows' && !(this.variant.onlineOnly && edit?.has('online'))) {
        picks.set(chunk, known);
        continue;
      }
      const fresh = this.pick(chunk);
      picks.set(chunk, fresh);
      if (!known || edit === 'rows' || !sameList(known, fresh)) moved.add(chunk);
    }
    this.picks = picks;
    const count = [...picks.values()].reduce((sum, rows) => sum + rows.length, 0);
    const head = count === this.count ? null : deflateSegment(`{"data":{"count":${count}`);
    let encoded = 0;
    const segments: Segment[][] = [];
    // A column at a time, so that calls served meanwhile get the event loop between them.
    for (const [column, name] of this.variant.columns.entries()) {
      const span = this.span(name);
      const known = new Map((this.segments[column] ?? []).map((seg) => [seg.chunks[0], seg]));
      const runs = Math.ceil(this.table.chunks.length / span);
      let afterEntries = false;
      const next = Array.from({ length: runs }, (_, run): Promise<Segment> => {
        const chunks = this.table.chunks.slice(run * span, (run + 1) * span);
        const place = { first: run === 0, last: run === runs - 1, afterEntries };
        afterEntries ||= chunks.some((chunk) => (picks.get(chunk) as number[]).length > 0);
        const old = known.get(chunks[0]);
        const kept =
          old &&
          sameList(old.chunks, chunks) &&
          samePlace(old.place, place) &&
          chunks.every((chunk) => {
            const edit = edits.get(chunk);
            return !moved.has(chunk) && !(edit && edit !== 'rows' && edit.has(name));
          });
        if (kept) return Promise.resolve(old);
        encoded += 1;
        return this.encode(column, chunks, place).then((deflated) => ({ chunks, place, deflated }));
      });
      segments.push(await Promise.all(next));
    }
    this.segments = segments;
    this.count = count;
    if (head) this.head = await head;
    if (head || encoded > 0) this.answer = null;
  }

  current(): EncodedAnswer<ListChargersResponse> {
    if (!this.answer) {
      const segments = [
        this.head as DeflatedSegment,
        ...this.segments.flat().map((segment) => segment.deflated),
      ];
      this.answer = EncodedAnswer.ofGzip(gzipOfSegments(segments), () => plainOfSegments(segments));
    }
    return this.answer;
  }
}
