/** The one table from job kinds to the code that does them; the switch is exhaustive over `Job`. */
import type { Job } from '../platform/jobs';
import type { Runtime } from '../platform/runtime';
import { runPasswordEmailJob } from '../services/auth';
import type { Store } from '../store/store';

export async function runJob(deps: { rt: Runtime; store: Store }, job: Job): Promise<void> {
  switch (job.kind) {
    case 'passwordEmail':
      return runPasswordEmailJob(deps, job.email);
    default:
      return assertUnreachable(job.kind);
  }
}

function assertUnreachable(kind: never): never {
  throw new Error(`unknown job kind ${String(kind)}`);
}
