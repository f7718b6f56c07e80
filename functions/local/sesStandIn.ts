/**
 * The local SES (aws-ses-v2-local) and its mail viewer, on the same port. Given a mail file, the sent mails are
 * kept there (one JSON line per mail, appended as they are sent) and shown again after a restart. The viewer
 * page is the package's own, changed so that links open in a new tab: a password link clicked inside the mail
 * would otherwise open the portal inside the viewer's small frame.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

interface Mail {
  messageId: string;
  at: number;
}

interface MailStore {
  /** the package replaces the array when the viewer's "clear" button is used */
  emails: Mail[];
}

export interface SesStandIn {
  endpoint: string;
  close(): Promise<void>;
}

const NEW_TAB = '<base target="_blank">';

/** The package's viewer page with links opening in a new tab, or the page unchanged if its markup moved. */
export function viewerPage(original: string): string {
  const frameFill = 'iframeDoc.body.innerHTML = e.body.html;';
  if (!original.includes('<head>') || !original.includes(frameFill)) return original;
  return original
    .replace('<head>', `<head>\n    ${NEW_TAB}`)
    .replace(frameFill, `iframeDoc.head.innerHTML = '${NEW_TAB}';\n                        ${frameFill}`);
}

function loadMails(file: string): Mail[] {
  if (!existsSync(file)) return [];
  const mails: Mail[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      mails.push(JSON.parse(line) as Mail);
    } catch {
      // a line cut short by a hard stop: the mails before it are whole
    }
  }
  return mails;
}

/**
 * Writes what changed in the store since the last call: new mails appended, or the whole file after a clear.
 * It starts by writing the whole file, which drops a line a hard stop may have cut short.
 */
function mailKeeper(store: MailStore, file: string): () => void {
  mkdirSync(dirname(file), { recursive: true });
  let kept: Mail[] = [];
  let count = -1;
  const keep = () => {
    const emails = store.emails;
    if (emails === kept && emails.length === count) return;
    const lines = (from: number) => emails.slice(from).map((m) => JSON.stringify(m) + '\n').join('');
    if (emails === kept && emails.length > count) appendFileSync(file, lines(count));
    else writeFileSync(file, lines(0));
    kept = emails;
    count = emails.length;
  };
  keep();
  return keep;
}

export async function startSes(opts: { port: number; mailFile?: string }): Promise<SesStandIn> {
  const require = createRequire(import.meta.url);
  const start = require('aws-ses-v2-local').default as (c: { host: string; port: number }) => Promise<Server>;
  const { getStoreReadonly } = require('aws-ses-v2-local/dist/store.js') as { getStoreReadonly(): MailStore };
  const page = viewerPage(readFileSync(require.resolve('aws-ses-v2-local/static/index.html'), 'utf8'));

  const store = getStoreReadonly();
  let keep: () => void = () => undefined;
  if (opts.mailFile) {
    const seen = new Set(store.emails.map((m) => m.messageId));
    store.emails.push(...loadMails(opts.mailFile).filter((m) => !seen.has(m.messageId)));
    keep = mailKeeper(store, opts.mailFile);
  }

  const server = await start({ host: '127.0.0.1', port: opts.port });
  // The package resolves even when listening failed (Express hands the error to its callback).
  if (!server.listening) throw new Error(`The mail viewer cannot listen on port ${opts.port}: it is taken (another Herald running?).`);
  const [app] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET' && (req.url === '/' || req.url?.startsWith('/?'))) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    res.once('finish', keep);
    app(req, res);
  });

  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
        keep();
      }),
  };
}
