/**
 * DomainTree keeps the meta row 'domain' and "an alarm is scheduled" in the instance, so an insert
 * no longer reads them from storage (a SELECT and a getAlarm per page). These fail if either went
 * stale across reset, import or the alarm.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { DomainTree } from "../../src/store/domain-tree";
import { domainTreeStub } from "../../src/store/stub";
import { treeRequest } from "../fixtures/tree-request";

type Stub = ReturnType<typeof domainTreeStub>;

/** The alarm is set after the insert answers (getAlarm, then setAlarm), so wait for it. */
async function alarmOf(stub: Stub): Promise<number | null> {
  return runInDurableObject(stub, (_: DomainTree, state) => state.storage.getAlarm());
}
async function expectAlarm(stub: Stub): Promise<void> {
  await vi.waitFor(async () => expect(await alarmOf(stub)).not.toBeNull(), { timeout: 2000, interval: 20 });
}

describe("DomainTree's cached domain row and alarm", () => {
  it("schedules the alarm again for an insert after a reset", async () => {
    const stub = domainTreeStub(env, "cache-reset.example");
    await stub.ingest(treeRequest("cache-reset.example", 1));
    await stub.ingest(treeRequest("cache-reset.example", 2));
    await expectAlarm(stub);
    expect((await stub.reset()).removed).toBe(2);
    expect(await alarmOf(stub)).toBeNull();
    expect((await stub.stats()).domain).toBeNull();
    await stub.ingest(treeRequest("cache-reset.example", 3));
    await expectAlarm(stub);
    expect((await stub.stats()).documents).toBe(1);
  });

  it("writes the domain row again after a reset: another domain may then use the object", async () => {
    const stub = domainTreeStub(env, "cache-shared-object");
    await stub.ingest(treeRequest("first.example", 1));
    expect((await stub.stats()).domain).toBe("first.example");
    await stub.reset();
    const answer = await stub.ingest(treeRequest("second.example", 1));
    expect(answer.ingest?.kind).toBe("inserted");
    expect(answer.rowsWritten).toBe(2); // the meta row and the document row
    expect((await stub.stats()).domain).toBe("second.example");
    // What storage says, read past the cache by a fresh load.
    const stored = await runInDurableObject(
      stub,
      (_: DomainTree, state) =>
        state.storage.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE name = 'domain'`).one().value,
    );
    expect(stored).toBe("second.example");
  });

  it("takes an import's domain and schedules its alarm, after a reset", async () => {
    const stub = domainTreeStub(env, "cache-import-object");
    await stub.ingest(treeRequest("before.example", 1));
    await stub.reset();
    const doc = {
      key: "https://after.example/a/1.html",
      branch: ["a"],
      time: Date.now(),
      hashes: Uint32Array.from([1, 2, 3]),
    };
    const imported = await stub.importDocuments("after.example", [doc]);
    expect(imported).toEqual({ ok: true, imported: 1 });
    expect((await stub.stats()).domain).toBe("after.example");
    await expectAlarm(stub);
    const next = await stub.ingest(treeRequest("after.example", 2));
    expect(next.rowsWritten).toBe(1); // the domain row is already there
  });

  it("schedules the next alarm when the alarm has run", async () => {
    const stub = domainTreeStub(env, "cache-alarm.example");
    for (let k = 0; k < 5; k++) await stub.ingest(treeRequest("cache-alarm.example", k));
    await expectAlarm(stub);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await expectAlarm(stub);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await expectAlarm(stub);
    await stub.ingest(treeRequest("cache-alarm.example", 9));
    expect((await stub.stats()).documents).toBe(6);
  });
});
