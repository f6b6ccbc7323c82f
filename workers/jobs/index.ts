import { env as startEnv } from "cloudflare:workers";
import { assertWorkerEnv, jobsEnvSchema } from "../core/env";
import type { JobMessage } from "../core/jobs/messages";
import { jobDeps } from "./deps";
import { processBatch, recordDeadJob } from "./process";

assertWorkerEnv("reys-jobs", jobsEnvSchema, startEnv);

const DEAD_LETTER_QUEUE = "reys-jobs-dlq";

export default {
  async queue(batch, env) {
    const deps = jobDeps(env);
    if (batch.queue === DEAD_LETTER_QUEUE) {
      for (const message of batch.messages) {
        await recordDeadJob(deps, message);
        message.ack();
      }
      return;
    }
    await processBatch(deps, batch.messages);
  },
} satisfies ExportedHandler<JobsEnv, JobMessage>;
