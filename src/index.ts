// Worker entry: the HTTP app, the cron trigger (watched feeds), and the Durable Object classes the
// runtime must find by name.
import { createApp } from "./http/app";
import { interceptOrApi } from "./http/intercept-app";
import { scheduled } from "./scheduled";

export { DomainTree } from "./store/domain-tree";
export { FeedCache } from "./store/feed-cache";
export { FeedRegistry } from "./store/feed-registry";

const app = createApp();

// MODE=intercept (the `intercept` wrangler environment) puts the same script in front of a site's origin.
export default { fetch: interceptOrApi(app.fetch), scheduled } satisfies ExportedHandler<Env>;
