/** Typed stubs of the Durable Objects (the generated Env leaves the namespaces untyped). */
import type { DomainTree } from "./domain-tree";
import type { FeedCache } from "./feed-cache";
import type { FeedRegistry } from "./feed-registry";

export function domainTreeStub(env: Env, domain: string): DurableObjectStub<DomainTree> {
  const ns = env.DOMAIN_TREE;
  return ns.get(ns.idFromName(domain));
}

/** The FeedCache of one feed, by the feed document's URL. */
export function feedCacheStub(env: Env, feedUrl: string): DurableObjectStub<FeedCache> {
  const ns = env.FEED_CACHE;
  return ns.get(ns.idFromName(feedUrl));
}

/** The one FeedRegistry of watched feeds. */
export function feedRegistryStub(env: Env): DurableObjectStub<FeedRegistry> {
  const ns = env.FEED_REGISTRY;
  return ns.get(ns.idFromName("registry"));
}
