/** The system setting's SMS prices as its text area holds them: one country a line with its price per part. */
import type { SmsPrice } from '../../../../shared/entities/systemSetting';

export function pricesText(prices: readonly SmsPrice[]): string {
  return prices.map((p) => `${p.country} ${p.price}`).join('\n');
}

/** `JP 1.6`, `jp: 1.6` or `ＪＰ　１．６` a line; the first line that is not a country and a price is `bad`. */
export function readPrices(text: string): { prices: SmsPrice[] } | { bad: string } {
  const prices: SmsPrice[] = [];
  for (const line of text.split(/\r?\n/)) {
    const typed = line.normalize('NFKC').trim();
    if (!typed) continue;
    const m = /^([A-Za-z]{2})\s*[:=]?\s*(\d+(?:\.\d+)?)$/.exec(typed);
    if (!m) return { bad: line.trim() };
    prices.push({ country: m[1]!.toUpperCase(), price: Number(m[2]) });
  }
  return { prices };
}
