/** Where a run's letters are kept in storage. */
export interface RunRef {
  orgId: number;
  planId: string;
  runId: string;
  /** its sent-record shards (PlanRun.shards) */
  shards?: number;
}

const seg = (s: string) => encodeURIComponent(s);
const runBase = (r: RunRef) => `letters/${r.orgId}/${seg(r.planId)}/${seg(r.runId)}`;

export const letterKey = (r: RunRef, accountId: string) => `${runBase(r)}/${seg(accountId)}.pdf`;
/** the run's letters merged, in files of at most LETTERS_PER_FILE: the first, or the numbered part */
export const mergedKey = (r: RunRef, part = 1) => (part === 1 ? `${runBase(r)}.pdf` : `${runBase(r)}.part${part}.pdf`);
/** one CSV row per letter of the merged PDF, in its order */
export const manifestKey = (r: RunRef) => `${runBase(r)}.csv`;
/** how many merged files the run's letters are in, written last when they are built (so a download reads one object) */
export const partsKey = (r: RunRef) => `${runBase(r)}.parts.json`;
