/**
 * Work a request hands off and answers without waiting for: it runs after the answer, so the answer's timing
 * tells nothing about the work (forgot-password must not reveal whether an address has an account). On AWS a
 * job is an SQS message for the job worker Lambda; locally it runs in the same process right after the answer.
 */
import { z } from 'zod';
import type { Logger } from './logger';

export const jobSchema = z.discriminatedUnion('kind', [
  /** mail a reset (or invitation) link if an account has this address; nothing otherwise */
  z.object({ kind: z.literal('passwordEmail'), email: z.string().max(254) }),
]);
export type Job = z.infer<typeof jobSchema>;

export interface JobQueue {
  post(job: Job): Promise<void>;
}

export type JobRunner = (job: Job) => Promise<void>;

/** The local queue: runs each job on the next turn of the event loop; `idle()` lets tests wait for them. */
export interface LocalJobQueue extends JobQueue {
  attach(run: JobRunner): void;
  idle(): Promise<void>;
}

export function localJobQueue(log: Logger): LocalJobQueue {
  let runner: JobRunner | undefined;
  const running = new Set<Promise<void>>();
  return {
    attach(run) {
      runner = run;
    },
    async post(job) {
      const parsed = jobSchema.parse(job);
      if (!runner) throw new Error('no job runner attached');
      const run = runner;
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => run(parsed))
        .catch((e: unknown) => log.error('job failed', { kind: parsed.kind, error: e instanceof Error ? e.message : String(e) }))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
