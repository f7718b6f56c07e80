/**
 * Letters are drawn on a worker thread: embedding the CJK font holds a thread for seconds, and on the router's thread
 * that would stall every other request.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { LetterLayout } from '../../shared/content';
import { drawLetters, mergePdfs } from './letterPdf';

const ROLE = 'herald-letter-pdf';
const RENDER_TIMEOUT_MS = 60_000;

type Work = { title: string } & ({ kind: 'draw'; letters: readonly LetterLayout[] } | { kind: 'merge'; pdfs: readonly Uint8Array[] });
type Job = Work & { id: number };
type Done = { pdf: Uint8Array; pages: number | number[] };
type Answer = ({ id: number } & Done) | { id: number; error: string };

if (!isMainThread && (workerData as { role?: string } | null)?.role === ROLE) {
  parentPort!.on('message', (job: Job) => {
    const work: Promise<Done> = job.kind === 'draw' ? drawLetters(job.letters, job.title) : mergePdfs(job.pdfs, job.title);
    work.then(
      (done) => parentPort!.postMessage({ id: job.id, ...done } satisfies Answer, [done.pdf.buffer as ArrayBuffer]),
      (e: unknown) => parentPort!.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) } satisfies Answer),
    );
  });
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve(done: Done): void; reject(e: Error): void; timer: NodeJS.Timeout }>();

function failAll(error: Error): void {
  for (const p of pending.values()) {
    clearTimeout(p.timer);
    p.reject(error);
  }
  pending.clear();
}

function workerOf(entry: string): Worker {
  const options = { workerData: { role: ROLE } };
  if (!entry.endsWith('.ts')) return new Worker(new URL(entry), options);
  // the package's ES module entry (`require` would resolve its CommonJS one, which cannot register from here)
  const tsx = pathToFileURL(
    createRequire(entry)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`, { ...options, eval: true });
}

function startWorker(): Worker {
  const w = workerOf(import.meta.url);
  w.on('message', (answer: Answer) => {
    const p = pending.get(answer.id);
    if (!p) return;
    pending.delete(answer.id);
    clearTimeout(p.timer);
    if ('pdf' in answer) p.resolve(answer);
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

function run(job: Work, timeoutMs = RENDER_TIMEOUT_MS): Promise<Done> {
  worker ??= startWorker();
  const w = worker;
  const id = nextId++;
  return new Promise<Done>((resolve, reject) => {
    const timer = setTimeout(() => {
      void w.terminate();
      reject(new Error(`letter PDF took longer than ${timeoutMs} ms`));
    }, timeoutMs);
    timer.unref();
    pending.set(id, { resolve, reject, timer });
    w.ref();
    w.postMessage({ id, ...job } as Job);
  });
}

export async function renderLettersPdf(letters: readonly LetterLayout[], title = 'Letter'): Promise<Uint8Array> {
  return (await run({ kind: 'draw', letters, title })).pdf;
}

export async function letterPdfFile(layout: LetterLayout): Promise<{ fileName: string; contentType: 'application/pdf'; base64: string }> {
  const pdf = await renderLettersPdf([layout], layout.subject);
  const fileName = `${
    layout.subject
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'letter'
  }.pdf`;
  return { fileName, contentType: 'application/pdf', base64: Buffer.from(pdf).toString('base64') };
}

/** PDFs merged into one on the worker thread, with each one's page count in order. */
export async function mergeLetterPdfs(pdfs: readonly Uint8Array[], title: string): Promise<{ pdf: Uint8Array; pages: number[] }> {
  // a run's letters: more time the more there are (a letter merges in well under 10 ms)
  const done = await run({ kind: 'merge', pdfs, title }, RENDER_TIMEOUT_MS + pdfs.length * 20);
  return { pdf: done.pdf, pages: done.pages as number[] };
}

export async function stopLetterWorker(): Promise<void> {
  const w = worker;
  worker = undefined;
  await w?.terminate();
}
