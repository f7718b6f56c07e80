/**
 * Letters are drawn on a worker thread: embedding the CJK font holds a thread for seconds, and on the router's
 * thread that would stall every other request. The worker runs this same module: under tsx this file, on Lambda
 * the bundle it is part of (its top-level code, below, serves when it finds itself on the worker), so no bundle
 * of its own is needed. One worker, started on first use and kept, so the font is read once per thread.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { LetterLayout } from '../../shared/content';
import { drawLettersPdf } from './letterPdf';

const ROLE = 'herald-letter-pdf';
/** A render that takes longer is a fault: the worker is ended and the next letter gets a new one. */
const RENDER_TIMEOUT_MS = 60_000;

interface Job {
  id: number;
  letters: readonly LetterLayout[];
  title: string;
}
type Answer = { id: number; pdf: Uint8Array } | { id: number; error: string };

if (!isMainThread && (workerData as { role?: string } | null)?.role === ROLE) {
  parentPort!.on('message', (job: Job) => {
    drawLettersPdf(job.letters, job.title).then(
      (pdf) => parentPort!.postMessage({ id: job.id, pdf } satisfies Answer, [pdf.buffer as ArrayBuffer]),
      (e: unknown) => parentPort!.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) } satisfies Answer),
    );
  });
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve(pdf: Uint8Array): void; reject(e: Error): void; timer: NodeJS.Timeout }>();

function failAll(error: Error): void {
  for (const p of pending.values()) {
    clearTimeout(p.timer);
    p.reject(error);
  }
  pending.clear();
}

/** A TypeScript entry (tsx in dev and tests) is loaded in the worker after registering tsx's loader there. */
function workerOf(entry: string): Worker {
  const options = { workerData: { role: ROLE } };
  if (!entry.endsWith('.ts')) return new Worker(new URL(entry), options);
  // the package's ES module entry (`require` would resolve its CommonJS one, which cannot register from here)
  const tsx = pathToFileURL(createRequire(entry).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`, { ...options, eval: true });
}

function startWorker(): Worker {
  const w = workerOf(import.meta.url);
  w.on('message', (answer: Answer) => {
    const p = pending.get(answer.id);
    if (!p) return;
    pending.delete(answer.id);
    clearTimeout(p.timer);
    if ('pdf' in answer) p.resolve(answer.pdf);
    else p.reject(new Error(`letter PDF: ${answer.error}`));
    if (pending.size === 0) w.unref();
  });
  w.on('error', (e) => failAll(e));
  w.on('exit', (code) => {
    if (worker === w) worker = undefined;
    failAll(new Error(`letter PDF worker exited (${code})`));
  });
  return w;
}

/** The letters as one PDF, a page (or more, for a long body) per letter, drawn on the worker thread. */
export function renderLettersPdf(letters: readonly LetterLayout[], title = 'Letter'): Promise<Uint8Array> {
  worker ??= startWorker();
  const w = worker;
  const id = nextId++;
  return new Promise<Uint8Array>((resolve, reject) => {
    const timer = setTimeout(() => {
      void w.terminate();
      reject(new Error(`letter PDF took longer than ${RENDER_TIMEOUT_MS} ms`));
    }, RENDER_TIMEOUT_MS);
    timer.unref();
    pending.set(id, { resolve, reject, timer });
    w.ref();
    w.postMessage({ id, letters, title } satisfies Job);
  });
}

/** Ends the worker (tests, shutdown); the next letter starts a new one. */
export async function stopLetterWorker(): Promise<void> {
  const w = worker;
  worker = undefined;
  await w?.terminate();
}
