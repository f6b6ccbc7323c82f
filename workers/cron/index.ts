import { env } from "cloudflare:workers";
import { assertWorkerEnv, cronEnvSchema } from "../core/env";
import type { JobMessage } from "../core/jobs/messages";
import { jobsForTick } from "./tick";

assertWorkerEnv("reys-cron", cronEnvSchema, env);

export default {
  async scheduled(controller, env) {
    await env.JOBS.sendBatch(jobsForTick(controller.scheduledTime));
  },
} satisfies ExportedHandler<CronEnv, JobMessage>;
