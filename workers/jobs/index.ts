import { env as startEnv } from "cloudflare:workers";
import { createDb } from "../../db/client";
import { assertWorkerEnv, jobsEnvSchema } from "../core/env";
import { isJobMessage, retryDelaySeconds, type JobMessage } from "../core/jobs/messages";
import { createEdoApi } from "../providers/edo-api";
import { platformApis } from "../providers/platforms-config";
import { paymentProviderFor } from "../providers/yookassa-config";
import { processJob, recordDeadJob, type JobDeps } from "./process";

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
    // Messages are handled one by one so one failure retries only itself.
    for (const message of batch.messages) {
      if (!isJobMessage(message.body)) {
        console.error("jobs: dropping a message of unknown shape", message.id);
        await recordDeadJob(deps, message);
        message.ack();
        continue;
      }
      try {
        await processJob(deps, message.body, message.attempts);
        message.ack();
      } catch (error) {
        console.error(`jobs: ${message.body.kind} failed (attempt ${message.attempts})`, error);
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
    }
  },
} satisfies ExportedHandler<JobsEnv, JobMessage>;
