/** The Cron Trigger's handler: polls the watched feeds that are due (src/service/watched-feeds.ts). */
import { pollWatchedFeeds } from "./service/watched-feeds";

/** Awaited rather than waitUntil'd: the invocation lives exactly as long as the polls. */
export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  const summary = await pollWatchedFeeds(env, controller.scheduledTime);
  console.log(
    `cron ${controller.cron}: ${summary.polled.length}/${summary.due} due feeds polled, ${summary.subrequests} subrequests`,
  );
}
