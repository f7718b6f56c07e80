/** The translation system port (`junction`): a job of texts out in one language, its translations back. */
import { AppError } from '../../shared/errors';
import { outboundFetch } from './outbound';

export interface TranslationJob {
  sourceLanguage: string;
  targetLanguages: readonly string[];
  texts: readonly { key: string; text: string }[];
  reference: string;
  presetPaths?: Record<string, string>;
}

export interface TranslationResult {
  status: 'PENDING' | 'DONE';
  translations: Record<string, { key: string; text: string }[]>;
}

export interface TranslationPort {
  configured: boolean;
  push(job: TranslationJob): Promise<{ jobId: string }>;
  fetch(jobId: string): Promise<TranslationResult>;
}

/** No translation service configured (HERALD_TRANSLATION_URL): the feature answers 400012. */
export const noTranslation: TranslationPort = {
  configured: false,
  push: () => Promise.reject(new AppError('400012', 'No translation system is configured.')),
  fetch: () => Promise.reject(new AppError('400012', 'No translation system is configured.')),
};

export function httpTranslation(baseUrl: string, apiKey?: string): TranslationPort {
  const base = baseUrl.replace(/\/+$/, '');
  const headers = { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) };
  const call = async (path: string, init: RequestInit) => {
    let res: Response;
    try {
      res = await outboundFetch(`${base}${path}`, { ...init, headers, timeoutMs: 15_000 });
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw new AppError('400014', 'The translation system could not be reached.');
    }
    // the service's body is never echoed: it may hold the organization's texts
    if (!res.ok) throw new AppError('400014', `The translation system answered ${res.status}.`);
    return (await res.json()) as unknown;
  };
  return {
    configured: true,
    async push(job) {
      const out = (await call('/v1/jobs', { method: 'POST', body: JSON.stringify(job) })) as { jobId?: unknown };
      if (typeof out.jobId !== 'string') throw new AppError('400014', 'The translation system answered no job id.');
      return { jobId: out.jobId };
    },
    async fetch(jobId) {
      const out = (await call(`/v1/jobs/${encodeURIComponent(jobId)}`, { method: 'GET' })) as Partial<TranslationResult>;
      return { status: out.status === 'DONE' ? 'DONE' : 'PENDING', translations: out.translations ?? {} };
    },
  };
}
