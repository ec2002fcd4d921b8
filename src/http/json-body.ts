/**
 * A request body as JSON, refused (400) when malformed or nested deeper than any real request:
 * the parse itself is iterative in V8, but the value may later meet recursive code (stringify,
 * structured clone), so depth is checked on the text first.
 */
import { jsonTooDeep } from "../core/json-depth";
import { badRequest } from "../service/errors";

/** Request bodies are flat objects; 32 levels leave room for any extension while staying tiny. */
const MAX_BODY_DEPTH = 32;

export function parseJsonBody(body: Uint8Array, expected: string): unknown {
  const text = new TextDecoder().decode(body);
  if (jsonTooDeep(text, MAX_BODY_DEPTH)) badRequest(`JSON body nested more than ${MAX_BODY_DEPTH} levels deep`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return badRequest(`body is not valid JSON; expected ${expected}`);
  }
}
