// Worker entry: the HTTP app, the cron trigger (watched feeds), and the Durable Object classes the
// runtime must find by name.
import { createApp } from "./http/app";
import { scheduled } from "./scheduled";

export { DomainTree } from "./store/domain-tree";
export { FeedCache } from "./store/feed-cache";
export { FeedRegistry } from "./store/feed-registry";

const app = createApp();

export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<Env>;
