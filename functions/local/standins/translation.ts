/** The local stand-in of the external translation system. */
import { randomUUID } from 'node:crypto';
import { bodyOf, closeServer, listen, type ProviderStandIn, sendJson } from '../../channels/standInKit';
import { say } from '../../../shared/i18n/say';

export interface TranslationStandInJob {
  sourceLanguage: string;
  targetLanguages: string[];
  texts: { key: string; text: string }[];
  reference: string;
  presetPaths?: Record<string, string>;
}
type Job = TranslationStandInJob;

export async function startTranslationStandIn(port = 0): Promise<ProviderStandIn & { jobs: Map<string, Job>; held: Set<string> }> {
  const jobs = new Map<string, Job>();
  const held = new Set<string>();
  const { server, endpoint } = await listen(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method === 'POST' && url.pathname === '/v1/jobs') {
      let job: Job;
      try {
        job = JSON.parse(await bodyOf(req)) as Job;
      } catch {
        return sendJson(res, 400, { message: say('request.bodyNotJson') });
      }
      if (!Array.isArray(job.texts) || !Array.isArray(job.targetLanguages) || typeof job.sourceLanguage !== 'string')
        return sendJson(res, 400, { message: 'A job names its languages and texts.' });
      const jobId = randomUUID();
      jobs.set(jobId, job);
      return sendJson(res, 201, { jobId });
    }
    const found = /^\/v1\/jobs\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && found) {
      const job = jobs.get(decodeURIComponent(found[1]!));
      if (!job) return sendJson(res, 404, { message: 'No such job.' });
      if (held.has(decodeURIComponent(found[1]!))) return sendJson(res, 200, { status: 'PENDING', translations: {} });
      const translations = Object.fromEntries(job.targetLanguages.map((lang) => [lang, job.texts.map(({ key, text }) => ({ key, text: `[${lang}] ${text}` }))]));
      return sendJson(res, 200, { status: 'DONE', translations });
    }
    sendJson(res, 404, { message: 'Not found.' });
  }, port);
  return { endpoint, jobs, held, close: () => closeServer(server) };
}
