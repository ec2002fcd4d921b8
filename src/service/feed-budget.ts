/**
 * Outbound-call accounting for one feed request or cron run. Workers cap subrequests per
 * invocation (50 on the free plan) and simultaneous connections (6), and going over the first
 * throws in the middle of the work; so the feed code takes budget before each call and skips what
 * it cannot afford, reporting it, instead. Every fetch hop (redirects included) and every Durable
 * Object call counts: counting DO calls is conservative, and keeps headroom either way.
 */

export class SubrequestBudget {
  private committed = 0;
  /** Calls actually made, for the report. */
  spent = 0;

  constructor(readonly limit: number) {}

  get available(): number {
    return this.limit - this.committed;
  }

  /** Sets aside `n` calls; false (and nothing taken) when they are not available. */
  take(n = 1): boolean {
    if (this.committed + n > this.limit) return false;
    this.committed += n;
    return true;
  }

  /** Returns calls set aside but not made. */
  giveBack(n = 1): void {
    this.committed = Math.max(0, this.committed - n);
  }
}

export class BudgetExhausted extends Error {
  constructor() {
    super("subrequest budget exhausted");
  }
}

/**
 * A fetch for safeFetch whose first call uses a unit the caller already took; each further hop (a
 * redirect) takes a new one or fails with BudgetExhausted. `globalThis.fetch` is looked up per
 * call, so tests can mock it.
 */
export function budgetedFetch(budget: SubrequestBudget): { fetch: typeof fetch; exhausted: () => boolean } {
  let calls = 0;
  let exhausted = false;
  const wrapped = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (calls > 0 && !budget.take(1)) {
      exhausted = true;
      return Promise.reject(new BudgetExhausted());
    }
    calls++;
    budget.spent++;
    return globalThis.fetch(input, init);
  }) as typeof fetch;
  return { fetch: wrapped, exhausted: () => exhausted };
}

/** Runs async jobs at most `n` at a time (Workers allow 6 simultaneous outgoing connections). */
export function limiter(n: number): <T>(job: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    // A finishing job hands its slot straight to the next waiter, so `active` never overshoots.
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
