/** SMS cost (issue 20 item 3): Herald ships no price list, so without one the estimate is in parts. */
import { countSms, type SmsEncoding } from './segments';

export interface SmsCostEstimate {
  encoding: SmsEncoding;
  partsPerMessage: number;
  recipients: number;
  parts: number;
  usd?: number;
}

export function estimateSmsCost(text: string, recipients: number | Readonly<Record<string, number>>, pricePerPart?: Readonly<Record<string, number>>): SmsCostEstimate {
  const { encoding, segments } = countSms(text);
  const byCountry = typeof recipients === 'number' ? undefined : recipients;
  const count = byCountry ? Object.values(byCountry).reduce((a, b) => a + Math.max(0, b), 0) : Math.max(0, recipients as number);
  const estimate: SmsCostEstimate = { encoding, partsPerMessage: segments, recipients: count, parts: segments * count };
  if (byCountry && pricePerPart && Object.keys(byCountry).every((c) => Number.isFinite(pricePerPart[c.toUpperCase()]))) {
    const usd = Object.entries(byCountry).reduce((sum, [c, n]) => sum + Math.max(0, n) * segments * pricePerPart[c.toUpperCase()]!, 0);
    estimate.usd = Math.round(usd * 10_000) / 10_000;
  }
  return estimate;
}

const TEXTS = {
  en: { parts: (n: string) => `${n} ${n === '1' ? 'part' : 'parts'}`, usd: (n: string, usd: string) => `${n} parts, about US$${usd}` },
  zh: { parts: (n: string) => `${n} 条`, usd: (n: string, usd: string) => `${n} 条，约 ${usd} 美元` },
  ja: { parts: (n: string) => `${n} 通`, usd: (n: string, usd: string) => `${n} 通、約 ${usd} 米ドル` },
} as const;

export function smsCostLine(estimate: SmsCostEstimate, language = 'en'): string {
  const lang = (Object.hasOwn(TEXTS, language.slice(0, 2)) ? language.slice(0, 2) : 'en') as keyof typeof TEXTS;
  const n = estimate.parts.toLocaleString(lang === 'en' ? 'en-US' : lang);
  if (estimate.usd === undefined) return TEXTS[lang].parts(n);
  return TEXTS[lang].usd(n, estimate.usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 }));
}
