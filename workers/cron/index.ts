import type { JobMessage } from "../core/jobs/messages";
import { jobsForTick } from "./tick";

export default {
  async scheduled(controller, env) {
    await env.JOBS.sendBatch(jobsForTick(controller.scheduledTime));
  },
} satisfies ExportedHandler<CronEnv, JobMessage>;
