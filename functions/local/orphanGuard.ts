// Keeps a child process from outliving this one. A clean stop kills the child itself; this covers the unclean ends
// (SIGKILL, a crash, an out-of-memory kill), where no handler of ours runs.
import { type ChildProcess, spawn } from 'node:child_process';

// `$1` is the child's pid. Signals are ignored so that a Ctrl-C to the whole process group leaves the guard to
// do its one job once this process is gone; it exits at once if the child has already gone.
const GUARD = `trap '' INT TERM HUP
read _ignored
kill -TERM "$1" 2>/dev/null || exit 0
i=0
while [ "$i" -lt 50 ]; do
  sleep 0.1
  kill -0 "$1" 2>/dev/null || exit 0
  i=$((i + 1))
done
kill -KILL "$1" 2>/dev/null
exit 0`;

export function stopWithThisProcess(child: ChildProcess): void {
  if (child.pid === undefined || process.platform === 'win32') return;
  const guard = spawn('sh', ['-c', GUARD, 'herald-orphan-guard', String(child.pid)], { stdio: ['pipe', 'ignore', 'ignore'] });
  guard.on('error', () => undefined);
  guard.stdin!.on('error', () => undefined);
  // Neither the guard nor its pipe keeps this process alive.
  guard.unref();
  (guard.stdin as unknown as { unref(): void }).unref();
  child.once('exit', () => guard.stdin!.end());
}
