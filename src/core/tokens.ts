/**
 * A token estimate for `x-markdown-tokens`: what an agent's context window will spend on a body,
 * known before it reads it. No tokenizer ships in a Worker (their vocabularies are megabytes), so
 * the common rule of thumb: about 4 characters per token for alphabetic scripts, and one token per
 * character for scripts written without spaces (Han, kana, Hangul, Thai), where BPE vocabularies
 * spend roughly a token per character. Used for both sides of every comparison, so ratios hold.
 */
const DENSE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/gu;

export function estimateTokens(text: string): number {
  if (text === "") return 0;
  const dense = text.match(DENSE_SCRIPT)?.length ?? 0;
  // Code points, not UTF-16 units: an emoji is one character to a reader and to the estimate.
  const codePoints = text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);
  return dense + Math.ceil((codePoints - dense) / 4);
}
