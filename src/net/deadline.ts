/**
 * One timeout for a whole multi-step operation (every redirect hop and the body), as an
 * AbortSignal for `fetch` plus `race` for promises that may ignore the signal (a body reader, a
 * fetch implementation that does not honour `signal`).
 */
export class Deadline {
  readonly signal: AbortSignal;
  #expired = false;
  readonly #controller = new AbortController();
  readonly #timer: ReturnType<typeof setTimeout>;

  constructor(readonly ms: number) {
    this.signal = this.#controller.signal;
    this.#timer = setTimeout(() => {
      this.#expired = true;
      this.#controller.abort(new DOMException(`timed out after ${ms} ms`, "TimeoutError"));
    }, ms);
  }

  /** True once the time is up (the signal is then aborted). */
  get expired(): boolean {
    return this.#expired;
  }

  /** Settles like `p`, or rejects with the abort reason as soon as the deadline passes. */
  race<T>(p: Promise<T>): Promise<T> {
    const signal = this.signal;
    if (signal.aborted) {
      p.catch(() => {}); // nobody listens any more; keep it from being an unhandled rejection
      return Promise.reject(abortError(signal));
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(abortError(signal));
      signal.addEventListener("abort", onAbort, { once: true });
      p.then(
        (value) => {
          signal.removeEventListener("abort", onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener("abort", onAbort);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  /** Stops the timer; call when the operation is over, however it ended. */
  dispose(): void {
    clearTimeout(this.#timer);
  }
}

/** The signal's reason (our TimeoutError DOMException) as an Error, whatever aborted it. */
function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException(String(reason), "AbortError");
}
