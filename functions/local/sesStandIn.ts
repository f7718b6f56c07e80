/** The local SES (aws-ses-v2-local) and the message viewer, on the same port. */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { MESSAGE_VIEWER_TEXTS, messageViewer, TAB_STYLE, tabBar, type ViewerSources, viewerLangOf } from './messageViewer';

interface Mail {
  messageId: string;
  at: number;
}

interface MailStore {
  emails: Mail[];
}

export interface SesStandIn {
  endpoint: string;
  close(): Promise<void>;
}

const NEW_TAB = '<base target="_blank">';
const TABS_HERE = '<!--herald-tabs-->';

export const VIEWER_TEXTS = {
  en: {
    showImages: 'Show images',
    blocked: 'Remote images are blocked, as a mail client blocks them, so that opening a mail here is not counted as an open.',
  },
  zh: { showImages: '显示图片', blocked: '与邮件客户端一样，远程图片已被屏蔽，因此在此打开邮件不会被计为一次打开。' },
  ja: { showImages: '画像を表示', blocked: 'メールソフトと同じくリモート画像をブロックしているため、ここでメールを開いても開封として数えられません。' },
} as const;

const VIEWER_SCRIPT = `<script>
        const heraldTexts = ${JSON.stringify(VIEWER_TEXTS)};
        const heraldWords = heraldTexts[(navigator.language || 'en').slice(0, 2).toLowerCase()] || heraldTexts.en;
        const heraldMails = {};
        const heraldFrame = (iframe, html, images) => {
            const policy = images ? '' : '<meta http-equiv="Content-Security-Policy" content="default-src \\'none\\'; img-src data:; style-src \\'unsafe-inline\\'">';
            // the policy blocks remote images; their sources go too, so a browser that scans ahead of the policy
            // (Chromium's preload scanner, on a busy machine) has no pixel to fetch
            const drawn = images ? html : html.replace(/(<img\\b[^>]*?)\\ssrc\\s*=/gi, '$1 data-herald-src=');
            iframe.srcdoc = '<!DOCTYPE html>' + policy + '${NEW_TAB}' + drawn;
        };
        const heraldShowImages = (id) => {
            heraldFrame(document.getElementById(id + '-html-iframe'), heraldMails[id], true);
            document.getElementById(id + '-html').style.display = '';
            document.getElementById(id + '-blocked').remove();
            document.getElementById(id + '-images').remove();
        };
    </script>
`;

/** The package's markup this changes: each part found exactly as written, else the page is left as it is. */
const CHANGES: [string | RegExp, string][] = [
  ['<head>', `<head>\n    ${NEW_TAB}`],
  ['</head>', `${VIEWER_SCRIPT}<style>${TAB_STYLE}</style></head>`],
  ['<body>', `<body>\n    ${TABS_HERE}`],
  [
    '<button onclick="downloadEmail(\'${e.messageId}\')">Email Download</button>',
    '<button onclick="downloadEmail(\'${e.messageId}\')">Email Download</button>\n' +
      '                    ${e.body.html ? `<button id="${e.messageId}-images" onclick="heraldShowImages(\'${e.messageId}\')">${escape(heraldWords.showImages)}</button>` : \'\'}',
  ],
  [
    '<iframe id="${e.messageId}-html-iframe" src="javascript:void(0);"></iframe>',
    '<p id="${e.messageId}-blocked">${escape(heraldWords.blocked)}</p><iframe id="${e.messageId}-html-iframe" title="${escape(e.subject).replace(/"/g, \x27&quot;\x27)}" sandbox="allow-popups allow-popups-to-escape-sandbox"></iframe>',
  ],
  [
    /const iframeDoc = \(iframe\.contentDocument \|\| iframe\.contentWindow\.document\);\s*iframeDoc\.body\.innerHTML = e\.body\.html;/,
    'heraldMails[e.messageId] = e.body.html;\n                        heraldFrame(iframe, e.body.html, false);',
  ],
];

export function viewerPage(original: string): string {
  let page = original;
  for (const [from, to] of CHANGES) {
    const found = typeof from === 'string' ? page.includes(from) : from.test(page);
    if (!found) return original;
    page = page.replace(from, () => to);
  }
  return page;
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

function mailKeeper(store: MailStore, file: string): () => void {
  mkdirSync(dirname(file), { recursive: true });
  let kept: Mail[] = [];
  let count = -1;
  const keep = () => {
    const emails = store.emails;
    if (emails === kept && emails.length === count) return;
    const lines = (from: number) =>
      emails
        .slice(from)
        .map((m) => JSON.stringify(m) + '\n')
        .join('');
    if (emails === kept && emails.length > count) appendFileSync(file, lines(count));
    else writeFileSync(file, lines(0));
    kept = emails;
    count = emails.length;
  };
  keep();
  return keep;
}

const SEND_EMAIL_PATH = '/v2/email/outbound-emails';

/** What the package does not keep of a sent mail: whose keys signed it, in which region, with which configuration set. */
export interface SesSender {
  accessKeyId?: string;
  region?: string;
  configurationSetName?: string;
}

/** Adds to the mail the package keeps what it drops (SesSender), so a test can see which account's keys. */
function recordSender(req: IncomingMessage, res: ServerResponse, store: MailStore): void {
  const scope = /Credential=([^/,\s]+)\/\d{8}\/([a-z0-9-]+)\/ses\//.exec(req.headers.authorization ?? '');
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    try {
      const chunk = args[0];
      const answered = typeof chunk === 'string' || Buffer.isBuffer(chunk) ? (JSON.parse(String(chunk)) as { MessageId?: string }) : {};
      const mail = answered.MessageId ? store.emails.find((m) => m.messageId === answered.MessageId) : undefined;
      const body = (req as IncomingMessage & { body?: { ConfigurationSetName?: unknown } }).body;
      if (mail) {
        Object.assign(mail, {
          ...(scope ? { accessKeyId: scope[1], region: scope[2] } : {}),
          ...(typeof body?.ConfigurationSetName === 'string' ? { configurationSetName: body.ConfigurationSetName } : {}),
        } satisfies SesSender);
      }
    } catch {
      // an answer that is not the package's JSON: nothing to add
    }
    return end(...args);
  }) as typeof res.end;
}

export async function startSes(opts: { port: number; mailFile?: string; channels?: ViewerSources }): Promise<SesStandIn> {
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
  const viewer = messageViewer(opts.channels ?? {});
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET' && (req.url === '/' || req.url?.startsWith('/?'))) {
      const tabs = tabBar('email', MESSAGE_VIEWER_TEXTS[viewerLangOf(req.headers['accept-language'])]);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page.replace(TABS_HERE, tabs));
      return;
    }
    viewer(req, res).then(
      (served) => {
        if (served) return;
        if (req.method === 'POST' && req.url === SEND_EMAIL_PATH) recordSender(req, res, store);
        res.once('finish', keep);
        app(req, res);
      },
      () => {
        if (!res.headersSent) res.writeHead(500).end();
      },
    );
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
