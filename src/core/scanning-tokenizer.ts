/**
 * htmlparser2's Tokenizer, with the states where most characters of a page are read made to scan
 * instead of step.
 *
 * The stock tokenizer takes one character per turn of its loop, through a switch on its state, even
 * where nothing can happen until one given character comes: in text only `<` and `&` do something,
 * in a quoted attribute value only its quote and `&`, in an unquoted one only whitespace, `>` and
 * `&`. These states here move to the character before the next one that matters (the loop then
 * steps onto it), so the stock code sees the same characters at the same indexes and makes the same
 * calls. In the values of attributes the parser drops (segment-parser.ts), `&` does not matter
 * either: an entity there would only be decoded for nobody, and no entity spans a quote, whitespace
 * or `>`, so the value ends where it did.
 *
 * The overridden members are private in htmlparser2's types, so they are declared here
 * (TokenizerInternals) as htmlparser2 10.1.0 has them; package.json pins that version and
 * test/core/scanning-tokenizer.test.ts compares this tokenizer's events with the stock one's on
 * generated markup.
 */
import { Tokenizer } from "htmlparser2";

const TAB = 0x09;
const NEW_LINE = 0x0a;
const FORM_FEED = 0x0c;
const CARRIAGE_RETURN = 0x0d;
const SPACE = 0x20;
const DOUBLE_QUOTE = 0x22;
const AMP = 0x26;
const SINGLE_QUOTE = 0x27;
const LT = 0x3c;
const SLASH = 0x2f;
const EQ = 0x3d;
const GT = 0x3e;

/** Whether the attribute value being read is kept (segment-parser.ts); a parser without the flag keeps them all. */
export interface AttributeValueReader {
  readonly readsAttributeValue?: boolean;
}

/** The members of htmlparser2 10.1.0's Tokenizer the states below read or replace. */
interface TokenizerInternals {
  write(chunk: string): void;
  reset(): void;
  readonly buffer: string;
  index: number;
  readonly offset: number;
  readonly cbs: AttributeValueReader;
  stateText(c: number): void;
  stateInAttributeValueDoubleQuotes(c: number): void;
  stateInAttributeValueSingleQuotes(c: number): void;
  stateInAttributeValueNoQuotes(c: number): void;
  stateInTagName(c: number): void;
  stateInAttributeName(c: number): void;
  stateInClosingTagName(c: number): void;
}

type TokenizerOptions = ConstructorParameters<typeof Tokenizer>[0];
type TokenizerCallbacks = ConstructorParameters<typeof Tokenizer>[1];
const StockTokenizer = Tokenizer as unknown as new (
  options: TokenizerOptions,
  cbs: TokenizerCallbacks,
) => TokenizerInternals;

/** HTML's whitespace, as the tokenizer reads it (not JavaScript's `\s`). */
function isWhitespace(c: number): boolean {
  return c === SPACE || c === NEW_LINE || c === TAB || c === FORM_FEED || c === CARRIAGE_RETURN;
}

/** Where a tag or attribute name ends. */
function isEndOfTagSection(c: number): boolean {
  return c === SLASH || c === GT || isWhitespace(c);
}

class Scanning extends StockTokenizer {
  /** Index in the buffer of the next `&` at or after the last search (the buffer's length when none). */
  private nextAmp = -1;

  override write(chunk: string): void {
    // A new buffer: indexes into the old one mean nothing in it.
    this.nextAmp = -1;
    super.write(chunk);
  }

  override reset(): void {
    this.nextAmp = -1;
    super.reset();
  }

  override stateText(c: number): void {
    if (c === LT || c === AMP || this.behind()) return super.stateText(c);
    const i = this.index - this.offset;
    this.stopBefore(Math.min(this.ampFrom(i), indexOrEnd(this.buffer, "<", i)));
  }

  override stateInAttributeValueDoubleQuotes(c: number): void {
    if (this.reachesQuoted(c, DOUBLE_QUOTE, '"')) super.stateInAttributeValueDoubleQuotes(c);
  }

  override stateInAttributeValueSingleQuotes(c: number): void {
    if (this.reachesQuoted(c, SINGLE_QUOTE, "'")) super.stateInAttributeValueSingleQuotes(c);
  }

  override stateInAttributeValueNoQuotes(c: number): void {
    const decodes = this.cbs.readsAttributeValue !== false;
    if (isWhitespace(c) || c === GT || (decodes && c === AMP) || this.behind()) {
      return super.stateInAttributeValueNoQuotes(c);
    }
    const buffer = this.buffer;
    let i = this.index - this.offset;
    while (++i < buffer.length) {
      const d = buffer.charCodeAt(i);
      if (isWhitespace(d) || d === GT || (decodes && d === AMP)) break;
    }
    this.stopBefore(i);
  }

  override stateInTagName(c: number): void {
    if (isEndOfTagSection(c) || this.behind()) return super.stateInTagName(c);
    const buffer = this.buffer;
    let i = this.index - this.offset;
    while (++i < buffer.length && !isEndOfTagSection(buffer.charCodeAt(i)));
    this.stopBefore(i);
  }

  override stateInAttributeName(c: number): void {
    if (c === EQ || isEndOfTagSection(c) || this.behind()) return super.stateInAttributeName(c);
    const buffer = this.buffer;
    let i = this.index - this.offset;
    while (++i < buffer.length) {
      const d = buffer.charCodeAt(i);
      if (d === EQ || isEndOfTagSection(d)) break;
    }
    this.stopBefore(i);
  }

  override stateInClosingTagName(c: number): void {
    if (c === GT || isWhitespace(c) || this.behind()) return super.stateInClosingTagName(c);
    const buffer = this.buffer;
    let i = this.index - this.offset;
    while (++i < buffer.length) {
      const d = buffer.charCodeAt(i);
      if (d === GT || isWhitespace(d)) break;
    }
    this.stopBefore(i);
  }

  /**
   * In a quoted value: whether `c` is one the stock state acts on; if not, the index moves to the
   * character before the next such one.
   */
  private reachesQuoted(c: number, quote: number, quoteChar: string): boolean {
    const decodes = this.cbs.readsAttributeValue !== false;
    if (c === quote || (decodes && c === AMP) || this.behind()) return true;
    const i = this.index - this.offset;
    const end = indexOrEnd(this.buffer, quoteChar, i);
    this.stopBefore(decodes ? Math.min(end, this.ampFrom(i)) : end);
    return false;
  }

  /** The next `&` at or after buffer index `i`, remembered: each part of the page is searched once. */
  private ampFrom(i: number): number {
    if (this.nextAmp < i) this.nextAmp = indexOrEnd(this.buffer, "&", i);
    return this.nextAmp;
  }

  /**
   * Whether the index is behind the current buffer: an entity cut by the end of a written chunk
   * sends it back into the previous one, whose characters the stock states then step over (each
   * read as NaN, which no state acts on). Scanning is left to the stock states there.
   */
  private behind(): boolean {
    return this.index < this.offset;
  }

  /** Moves to the character before buffer index `i`: the loop steps onto it next (or ends at the buffer's end). */
  private stopBefore(i: number): void {
    this.index = i - 1 + this.offset;
  }
}

/** Where `char` next occurs in `text` from `from`, or the text's length. */
function indexOrEnd(text: string, char: string, from: number): number {
  const at = text.indexOf(char, from);
  return at < 0 ? text.length : at;
}

/** The class to give htmlparser2's Parser as its `Tokenizer` option. */
export const ScanningTokenizer = Scanning as unknown as typeof Tokenizer;
