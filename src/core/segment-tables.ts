/**
 * Whether a table holds data rather than layout, for a walk that reads the page as a stream of
 * events (segment-events.ts): the walk must know it when the table opens, and the answer depends on
 * everything inside. So the events of a table are held back until the table closes, its verdict
 * is worked out on the way, and the held events then go on to the walk with the verdict.
 *
 * A data table has only table parts, inline elements, `br` and `img` inside, a header cell, and
 * some row of two cells or more. The header cell matters: tables of inline cells without one are
 * mostly the link bars and widgets of old table layouts, which the URL Tree removes better cell by
 * cell (measured on stream-ctf: without the `th` condition 3 in 4 pages had "data" tables and F1
 * dropped). See segment-walk.ts for what the walk does with a data table.
 */
import { isCell } from "./segment-collector";
import type { Attributes, SegmentEvents } from "./segment-events";
import { INLINE } from "./segment-tags";

/** The walk's side: a table's open event carries its verdict. */
export interface TableEvents extends Omit<SegmentEvents, "open"> {
  open(tag: string, attributes: Attributes, dataTable: boolean): void;
}

const TABLE_PARTS = new Set(["thead", "tbody", "tfoot", "tr", "td", "th", "caption", "colgroup", "col"]);

function allowedInDataTable(tag: string): boolean {
  return TABLE_PARTS.has(tag) || INLINE.has(tag) || tag === "br" || tag === "img";
}

interface TableVerdict {
  layout: boolean;
  header: boolean;
  wideRow: boolean;
}

interface HeldElement {
  tag: string;
  /** On a table: its verdict so far. */
  verdict: TableVerdict | null;
  /** On a row: its cells so far. */
  cells: number;
}

const OPEN = 0;
const TEXT = 1;
const COMMENT = 2;
const CLOSE = 3;
const MARK = 4;

export class TableLookahead implements SegmentEvents {
  /** Open elements from the outermost open table down; empty when nothing is held. */
  private readonly held: HeldElement[] = [];
  private readonly openTables: TableVerdict[] = [];
  /** Every held table's verdict, in the order the tables open. */
  private readonly verdicts: TableVerdict[] = [];
  /** Held events: a kind, then the kind's fields (tag and attributes; text). */
  private readonly queue: unknown[] = [];
  /** Rows closed among the held events. */
  private rows = 0;

  constructor(private readonly next: TableEvents) {}

  open(tag: string, attributes: Attributes): void {
    if (this.held.length === 0 && tag !== "table") {
      this.next.open(tag, attributes, false);
      return;
    }
    // Everything inside a table counts for it and for the tables around it.
    if (!allowedInDataTable(tag)) for (const t of this.openTables) t.layout = true;
    if (tag === "th") for (const t of this.openTables) t.header = true;
    const parent = this.held[this.held.length - 1];
    if (parent?.tag === "tr" && isCell(tag)) parent.cells++;
    let verdict: TableVerdict | null = null;
    if (tag === "table") {
      verdict = { layout: false, header: false, wideRow: false };
      this.openTables.push(verdict);
      this.verdicts.push(verdict);
    }
    this.held.push({ tag, verdict, cells: 0 });
    this.queue.push(OPEN, tag, attributes);
  }

  text(data: string): void {
    if (this.held.length === 0) this.next.text(data);
    else this.queue.push(TEXT, data);
  }

  comment(): void {
    if (this.held.length === 0) this.next.comment();
    else this.queue.push(COMMENT);
  }

  close(): void {
    const element = this.held.pop();
    if (!element) {
      this.next.close();
      return;
    }
    if (element.tag === "tr") {
      this.rows++;
      if (element.cells >= 2) for (const t of this.openTables) t.wideRow = true;
    }
    if (element.verdict) this.openTables.pop();
    this.queue.push(CLOSE);
    if (this.held.length === 0) this.release();
  }

  /** How many rows the events held back hold: the blocks of a data table's rows, at least one per row of any table. */
  heldRows(): number {
    return this.rows;
  }

  /** Calls `reached` when the events so far have gone on to the walk: now, or when the held table closes. */
  mark(reached: () => void): void {
    if (this.held.length === 0) reached();
    else this.queue.push(MARK, reached);
  }

  /** The end of the page: anything still held goes on (parsers close every open element first, so nothing is). */
  end(): void {
    if (this.queue.length > 0) this.release();
  }

  /** The outermost table closed: its events go on, each table's open with its verdict. */
  private release(): void {
    const { queue, verdicts, next } = this;
    let table = 0;
    for (let i = 0; i < queue.length;) {
      const kind = queue[i++];
      if (kind === OPEN) {
        const tag = queue[i++] as string;
        const attributes = queue[i++] as Attributes;
        const verdict = tag === "table" ? verdicts[table++]! : null;
        next.open(tag, attributes, verdict !== null && !verdict.layout && verdict.wideRow && verdict.header);
      } else if (kind === TEXT) next.text(queue[i++] as string);
      else if (kind === MARK) (queue[i++] as () => void)();
      else if (kind === COMMENT) next.comment();
      else next.close();
    }
    queue.length = 0;
    this.rows = 0;
    verdicts.length = 0;
    this.held.length = 0;
    this.openTables.length = 0;
  }
}
