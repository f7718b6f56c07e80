/**
 * What an SMS costs the organization: the price per part it set for its own country (system setting), in its
 * currency. Nothing is shown where no price is set; the provider's own price is AWS's.
 */
import { useMemo } from 'react';
import { useConfiguration } from '../api/hooks';

export interface SmsPricing {
  /** one part's price */
  price: number;
  /** ISO 4217 */
  currency: string;
}

interface PriceSetting {
  smsPrices?: unknown;
  currency?: unknown;
  defaultCountry?: unknown;
}

/** The price of a part to numbers of the organization's default country, when both it and a currency are set. */
export function smsPricingOf(setting: PriceSetting | undefined): SmsPricing | undefined {
  const { smsPrices, currency, defaultCountry } = setting ?? {};
  if (typeof currency !== 'string' || !currency || typeof defaultCountry !== 'string' || !Array.isArray(smsPrices)) return undefined;
  const found = (smsPrices as { country?: unknown; price?: unknown }[]).find((p) => p.country === defaultCountry);
  return typeof found?.price === 'number' ? { price: found.price, currency } : undefined;
}

/** `parts` parts at the price, and the price itself, in the currency as `lang` writes it (¥3.2 and ¥1.6). */
export function smsCostOf(parts: number, pricing: SmsPricing, lang: string): { total: string; each: string } {
  // up to 4 decimals: prices per part are often fractions of the currency's smallest unit (¥1.6, $0.0075)
  const format = new Intl.NumberFormat(lang, { style: 'currency', currency: pricing.currency, maximumFractionDigits: 4 });
  // whole ten-thousandths, so 3 × 0.1 is 0.3, not 0.30000000000000004
  const total = Math.round(pricing.price * 10_000 * parts) / 10_000;
  return { total: format.format(total), each: format.format(pricing.price) };
}

/** The organization's SMS price per part for its country, from the configuration. */
export function useSmsPricing(): SmsPricing | undefined {
  const { data } = useConfiguration();
  return useMemo(() => smsPricingOf(data?.systemSetting as PriceSetting | undefined), [data]);
}
