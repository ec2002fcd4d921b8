/** The typed stub of a domain's DomainTree (the generated Env leaves the namespace untyped). */
import type { DomainTree } from "./domain-tree";

export function domainTreeStub(env: Env, domain: string): DurableObjectStub<DomainTree> {
  const ns = env.DOMAIN_TREE as unknown as DurableObjectNamespace<DomainTree>;
  return ns.get(ns.idFromName(domain));
}
