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
 * A tag is read the same way: where the stock tokenizer steps through half a dozen states per tag,
 * one character per turn (the `<`, the name, each attribute's name, `=`, quotes, value, `>`), the
 * tag states here run those states' transitions in one loop of their own (readTag), making the same
 * calls at the same indexes, and hand the rest to the stock states (setting their state and index)
 * wherever a tag does something rarer: an entity in a value, a special element (script, style,
 * title, textarea, xmp: their content is read differently), the buffer's end.
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

/** The Parser callbacks a tag makes (htmlparser2 10.1.0's Tokenizer callbacks). */
interface TagCallbacks extends AttributeValueReader {
  onopentagname(start: number, endIndex: number): void;
  onattribname(start: number, endIndex: number): void;
  onattribdata(start: number, endIndex: number): void;
  onattribend(quote: number, endIndex: number): void;
  onopentagend(endIndex: number): void;
  onselfclosingtag(endIndex: number): void;
  onclosetag(start: number, endIndex: number): void;
}

/** htmlparser2 10.1.0's tokenizer states (its `State` enum, not exported) that a tag passes through. */
const TEXT = 1;
const IN_SELF_CLOSING_TAG = 4;
const IN_CLOSING_TAG_NAME = 6;
const AFTER_CLOSING_TAG_NAME = 7;
const BEFORE_ATTRIBUTE_NAME = 8;
const IN_ATTRIBUTE_NAME = 9;
const AFTER_ATTRIBUTE_NAME = 10;
const BEFORE_ATTRIBUTE_VALUE = 11;
const IN_ATTRIBUTE_VALUE_DQ = 12;
const IN_ATTRIBUTE_VALUE_SQ = 13;
const IN_ATTRIBUTE_VALUE_NQ = 14;

/** Its `QuoteType` enum. */
const NO_VALUE = 0;
const UNQUOTED = 1;
const SINGLE = 2;
const DOUBLE = 3;

/** The members of htmlparser2 10.1.0's Tokenizer the states below read or replace. */
interface TokenizerInternals {
  write(chunk: string): void;
  reset(): void;
  readonly buffer: string;
  index: number;
  readonly offset: number;
  readonly xmlMode: boolean;
  readonly cbs: TagCallbacks;
  state: number;
  sectionStart: number;
  isSpecial: boolean;
  stateBeforeTagName(c: number): void;
  stateText(c: number): void;
  stateInAttributeValueDoubleQuotes(c: number): void;
  stateInAttributeValueSingleQuotes(c: number): void;
  stateInAttributeValueNoQuotes(c: number): void;
  stateInTagName(c: number): void;
  stateInAttributeName(c: number): void;
  stateInClosingTagName(c: number): void;
  fastForwardTo(c: number): boolean;
}

type TokenizerOptions = ConstructorParameters<typeof Tokenizer>[0];
type TokenizerCallbacks = ConstructorParameters<typeof Tokenizer>[1];
const StockTokenizer = Tokenizer as unknown as new (
  options: TokenizerOptions,
  cbs: TokenizerCallbacks,
) => TokenizerInternals;

/** Characters fastForwardTo steps over before it searches with indexOf. */
const NEAR = 16;

/** HTML's whitespace, as the tokenizer reads it (not JavaScript's `\s`). */
function isWhitespace(c: number): boolean {
  return c === SPACE || c === NEW_LINE || c === TAB || c === FORM_FEED || c === CARRIAGE_RETURN;
}

/** Where a tag or attribute name ends. */
function isEndOfTagSection(c: number): boolean {
  return c === SLASH || c === GT || isWhitespace(c);
}

function isAsciiAlpha(c: number): boolean {
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x7a;
}

/** The elements whose content the tokenizer reads as raw text (its `Sequences`), lower case. */
const SPECIAL_NAMES = ["script", "style", "title", "textarea", "xmp"];

/** Whether `buffer[start, end)` names a special element, in any case (as the stock special-start states compare). */
function isSpecialName(buffer: string, start: number, end: number): boolean {
  for (const name of SPECIAL_NAMES) {
    if (name.length !== end - start) continue;
    let k = 0;
    while (k < name.length && (buffer.charCodeAt(start + k) | 0x20) === name.charCodeAt(k)) k++;
    if (k === name.length) return true;
  }
  return false;
}

/**
 * Where one character next occurs in the buffer, remembered between searches. A text run or quoted
 * value with many entities is searched again after each one (the stock entity states hand back to
 * the scanning ones), and a search for its `<` or quote from every entity would read the rest of the
 * run each time: quadratic in the run (136k `&lt;` in one paragraph took a second). Remembered, each
 * part of the buffer is searched once for each character.
 */
class NextOf {
  /** No `char` in the buffer from index `searched` to `found` (the buffer's length when none follows); `found` -1: nothing known. */
  private searched = 0;
  private found = -1;

  constructor(private readonly char: string) {}

  /** The first `char` at or after buffer index `i`, or the buffer's length. */
  at(buffer: string, i: number): number {
    if (i < this.searched || this.found < i) {
      this.searched = i;
      this.found = indexOrEnd(buffer, this.char, i);
    }
    return this.found;
  }

  /** A new buffer: indexes into the old one mean nothing in it. */
  forget(): void {
    this.found = -1;
  }
}

class Scanning extends StockTokenizer {
  private readonly nextAmp = new NextOf("&");
  private readonly nextLt = new NextOf("<");
  private readonly nextDoubleQuote = new NextOf('"');
  private readonly nextSingleQuote = new NextOf("'");

  override write(chunk: string): void {
    this.forget();
    super.write(chunk);
  }

  override reset(): void {
    this.forget();
    super.reset();
  }

  private forget(): void {
    this.nextAmp.forget();
    this.nextLt.forget();
    this.nextDoubleQuote.forget();
    this.nextSingleQuote.forget();
  }

  override stateText(c: number): void {
    if (c === LT || c === AMP || this.behind()) return super.stateText(c);
    const i = this.index - this.offset;
    this.stopBefore(Math.min(this.ampFrom(i), this.nextLt.at(this.buffer, i)));
  }

  override stateInAttributeValueDoubleQuotes(c: number): void {
    if (this.reachesQuoted(c, DOUBLE_QUOTE, this.nextDoubleQuote)) super.stateInAttributeValueDoubleQuotes(c);
  }

  override stateInAttributeValueSingleQuotes(c: number): void {
    if (this.reachesQuoted(c, SINGLE_QUOTE, this.nextSingleQuote)) super.stateInAttributeValueSingleQuotes(c);
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
   * The stock tokenizer's skip to the next `c` (a special element's content to its next `<`, a
   * comment to its next `-`, a declaration to its `>`), by indexOf instead of its loop of charCodeAt:
   * the same index, true when found, else the buffer's last index and false. Much of what the
   * metadata parse reads of a page is inline script and style (the segmentation reads the page without
   * them: strip-non-text.ts), and their content goes through here.
   */
  override fastForwardTo(c: number): boolean {
    const buffer = this.buffer;
    // A negative start (the index behind this buffer, see behind()) matches nothing there, as in
    // the stock loop (charCodeAt gives NaN), and indexOf searches from 0.
    let i = this.index + 1 - this.offset;
    // The next one is often a few characters on (a comment's `-->`, a `<` in a script): looked for
    // here first, where a call of indexOf would cost more than the steps.
    for (const near = Math.min(buffer.length, i + NEAR); i < near; i++) {
      if (buffer.charCodeAt(i) === c) {
        this.index = i + this.offset;
        return true;
      }
    }
    const at = buffer.indexOf(String.fromCharCode(c), i);
    if (at >= 0) {
      this.index = at + this.offset;
      return true;
    }
    this.index = buffer.length + this.offset - 1;
    return false;
  }

  /**
   * After a `<`: an open tag (a letter) or a closing tag (`/` and a letter) is read whole by readTag
   * and readClosingTag; anything else (`<!`, `<?`, `< `, a special element) by the stock states.
   */
  override stateBeforeTagName(c: number): void {
    // In XML mode names start differently and no element is special: the stock states read those.
    if (this.behind() || this.xmlMode) return super.stateBeforeTagName(c);
    const i = this.index - this.offset;
    if (isAsciiAlpha(c)) {
      if (!this.readTag(i)) super.stateBeforeTagName(c);
    } else if (c === SLASH && i + 1 < this.buffer.length && isAsciiAlpha(this.buffer.charCodeAt(i + 1))) {
      this.readClosingTag(i + 1);
    } else super.stateBeforeTagName(c);
  }

  /**
   * The stock states from BeforeTagName to the tag's end, run over buffer index `start` (the name's
   * first letter) onwards with the same calls at the same indexes. False, having done nothing, for a
   * special element or a name the buffer cuts. Where a case is left to the stock states, their state,
   * section start and index are set as theirs would be there.
   */
  private readTag(start: number): boolean {
    const buffer = this.buffer;
    const offset = this.offset;
    const cbs = this.cbs;
    let i = start;
    while (++i < buffer.length && !isEndOfTagSection(buffer.charCodeAt(i)));
    if (i === buffer.length || isSpecialName(buffer, start, i)) return false;
    cbs.onopentagname(start + offset, i + offset);
    let state = BEFORE_ATTRIBUTE_NAME;
    let sectionStart = -1;
    for (; i < buffer.length; i++) {
      const c = buffer.charCodeAt(i);
      switch (state) {
        case BEFORE_ATTRIBUTE_NAME:
          if (c === GT) {
            cbs.onopentagend(i + offset);
            return this.endTag(i);
          }
          if (c === SLASH) state = IN_SELF_CLOSING_TAG;
          else if (!isWhitespace(c)) {
            state = IN_ATTRIBUTE_NAME;
            sectionStart = i + offset;
            while (i + 1 < buffer.length && !isAttributeNameEnd(buffer.charCodeAt(i + 1))) i++;
          }
          break;
        case IN_ATTRIBUTE_NAME:
          // Only a name's end reaches here (the scan above stops before it).
          cbs.onattribname(sectionStart, i + offset);
          sectionStart = i + offset;
          state = AFTER_ATTRIBUTE_NAME;
          i--; // the stock state reconsumes the character in the next one
          break;
        case AFTER_ATTRIBUTE_NAME:
          if (c === EQ) state = BEFORE_ATTRIBUTE_VALUE;
          else if (c === SLASH || c === GT) {
            cbs.onattribend(NO_VALUE, sectionStart);
            sectionStart = -1;
            state = BEFORE_ATTRIBUTE_NAME;
            i--;
          } else if (!isWhitespace(c)) {
            cbs.onattribend(NO_VALUE, sectionStart);
            state = BEFORE_ATTRIBUTE_NAME;
            i--;
          }
          break;
        case BEFORE_ATTRIBUTE_VALUE:
          if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
            const quoted = c === DOUBLE_QUOTE ? IN_ATTRIBUTE_VALUE_DQ : IN_ATTRIBUTE_VALUE_SQ;
            sectionStart = i + 1 + offset;
            const end = (c === DOUBLE_QUOTE ? this.nextDoubleQuote : this.nextSingleQuote).at(buffer, i + 1);
            const stop = this.cbs.readsAttributeValue !== false ? Math.min(end, this.ampFrom(i + 1)) : end;
            if (stop !== end || end === buffer.length) return this.handOver(quoted, sectionStart, stop);
            cbs.onattribdata(sectionStart, end + offset);
            sectionStart = -1;
            cbs.onattribend(quoted === IN_ATTRIBUTE_VALUE_DQ ? DOUBLE : SINGLE, end + 1 + offset);
            state = BEFORE_ATTRIBUTE_NAME;
            i = end;
          } else if (!isWhitespace(c)) {
            sectionStart = i + offset;
            const decodes = this.cbs.readsAttributeValue !== false;
            let end = i;
            for (; end < buffer.length; end++) {
              const d = buffer.charCodeAt(end);
              if (isWhitespace(d) || d === GT || (decodes && d === AMP)) break;
            }
            if (end === buffer.length || buffer.charCodeAt(end) === AMP) {
              return this.handOver(IN_ATTRIBUTE_VALUE_NQ, sectionStart, end);
            }
            cbs.onattribdata(sectionStart, end + offset);
            sectionStart = -1;
            cbs.onattribend(UNQUOTED, end + offset);
            state = BEFORE_ATTRIBUTE_NAME;
            i = end - 1;
          }
          break;
        default: // IN_SELF_CLOSING_TAG
          if (c === GT) {
            cbs.onselfclosingtag(i + offset);
            this.isSpecial = false;
            return this.endTag(i);
          }
          if (!isWhitespace(c)) {
            state = BEFORE_ATTRIBUTE_NAME;
            i--;
          }
      }
    }
    return this.handOver(state, sectionStart, buffer.length);
  }

  /**
   * The stock states from BeforeClosingTagName on, at buffer index `start` (the name's first
   * letter): the name, its close event, and the `>` right after it; a space after the name is left
   * to the stock AfterClosingTagName state (which skips to the `>`).
   */
  private readClosingTag(start: number): void {
    const buffer = this.buffer;
    let i = start;
    while (++i < buffer.length) {
      const d = buffer.charCodeAt(i);
      if (d === GT || isWhitespace(d)) break;
    }
    if (i === buffer.length) {
      this.handOver(IN_CLOSING_TAG_NAME, start + this.offset, i);
      return;
    }
    this.cbs.onclosetag(start + this.offset, i + this.offset);
    if (buffer.charCodeAt(i) === GT) this.endTag(i);
    else this.handOver(AFTER_CLOSING_TAG_NAME, -1, i);
  }

  /** A tag ended at the `>` at buffer index `i`: text follows. */
  private endTag(i: number): true {
    this.state = TEXT;
    this.sectionStart = i + 1 + this.offset;
    this.index = i + this.offset;
    return true;
  }

  /** The stock `state` goes on from buffer index `i` (the parse loop steps onto it next). */
  private handOver(state: number, sectionStart: number, i: number): true {
    this.state = state;
    this.sectionStart = sectionStart;
    this.stopBefore(i);
    return true;
  }

  /**
   * In a quoted value: whether `c` is one the stock state acts on; if not, the index moves to the
   * character before the next such one.
   */
  private reachesQuoted(c: number, quote: number, next: NextOf): boolean {
    const decodes = this.cbs.readsAttributeValue !== false;
    if (c === quote || (decodes && c === AMP) || this.behind()) return true;
    const i = this.index - this.offset;
    const end = next.at(this.buffer, i);
    this.stopBefore(decodes ? Math.min(end, this.ampFrom(i)) : end);
    return false;
  }

  /** The next `&` at or after buffer index `i`. */
  private ampFrom(i: number): number {
    return this.nextAmp.at(this.buffer, i);
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

/** Where an attribute's name ends (the stock InAttributeName state acts on these). */
function isAttributeNameEnd(c: number): boolean {
  return c === EQ || isEndOfTagSection(c);
}

/** Where `char` next occurs in `text` from `from`, or the text's length. */
function indexOrEnd(text: string, char: string, from: number): number {
  const at = text.indexOf(char, from);
  return at < 0 ? text.length : at;
}

/** The class to give htmlparser2's Parser as its `Tokenizer` option. */
export const ScanningTokenizer = Scanning as unknown as typeof Tokenizer;
