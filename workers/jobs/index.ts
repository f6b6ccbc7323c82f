import { env as startEnv } from "cloudflare:workers";
import { createDb } from "../../db/client";
import { assertWorkerEnv, jobsEnvSchema } from "../core/env";
import type { JobMessage } from "../core/jobs/messages";
import { createEdoApi } from "../providers/edo-api";
import { platformApis } from "../providers/platforms-config";
import { paymentProviderFor } from "../providers/yookassa-config";
import { processBatch, recordDeadJob, type JobDeps } from "./process";

assertWorkerEnv("reys-jobs", jobsEnvSchema, startEnv);

const DEAD_LETTER_QUEUE = "reys-jobs-dlq";

export default {
  async queue(batch, env) {
    const deps: JobDeps = {
      db: createDb({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN }),
      now: () => Date.now(),
      credentialsKey: env.CREDENTIALS_KEY,
      platformApi: platformApis(env),
      edo: createEdoApi({ baseUrl: env.EDO_API_URL }),
      paymentProvider: paymentProviderFor(env),
      enqueue: async (job) => {
        await env.JOBS.send(job);
      },
    };
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
