/** Processes as Linux's /proc tells them, for the tests' CPU figures and process-tree checks. */
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcStat {
  /** the command name (at most 15 characters) */
  name: string;
  parent: number;
  /** CPU seconds the process spent itself (utime + stime) */
  cpu: number;
  /** CPU seconds of its children it has reaped (cutime + cstime) */
  reaped: number;
}

/** The numbers of every process now. */
export function pids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

/** One process's figures, or undefined when it is gone. */
export function procStat(pid: number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the name is in parentheses and may hold spaces; the fields after it start with the state
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = (i: number) => Number(fields[i]) / 100;
    return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), parent: Number(fields[1]), cpu: ticks(11) + ticks(12), reaped: ticks(13) + ticks(14) };
  } catch {
    return undefined;
  }
}

/** A process's command line, words joined by spaces ('' when it is gone or a zombie). */
export function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}
