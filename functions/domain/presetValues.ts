/**
 * Preset values for a send: the `{{preset.<variable>.<alias>}}` tokens of a message, answered per recipient by the
 * parameter's record under the recipient's key.
 */
import { type Account, type PresetParameter, presetEntryOf } from '../../shared/entities';
import { lookupValue } from '../../shared/render/personalize';
import type { TenantStore } from '../store/store';

const PRESET_TOKEN = /\{\{\s*preset\.([A-Za-z][A-Za-z0-9_]*)\.([\w$-]+)\s*(?:\|[^{}]*)?\}\}/g;

export function presetTokens(text: string): Map<string, Set<string>> {
  const wanted = new Map<string, Set<string>>();
  for (const [, variable, alias] of text.matchAll(PRESET_TOKEN)) {
    if (!wanted.has(variable)) wanted.set(variable, new Set());
    wanted.get(variable)!.add(alias);
  }
  return wanted;
}

export type PresetValues = Record<string, Record<string, string>>;

function keyOf(param: PresetParameter, account: Account): string | undefined {
  const field = param.accountField || `attributes.${param.primaryKey}`;
  return lookupValue({ ...account, email: account.emails[0] }, field)?.trim() || undefined;
}

export async function presetValues(tenant: TenantStore, wanted: Map<string, Set<string>>, accounts: readonly Account[]): Promise<Map<string, PresetValues>> {
  const out = new Map<string, PresetValues>();
  if (wanted.size === 0 || accounts.length === 0) return out;
  const params = ((await tenant.list('presetParameter')) as PresetParameter[]).filter((p) => p.state === 'ACTIVE' && wanted.has(p.variable));
  const requests: { accountId: string; variable: string; alias: string; key: { rest: string; sort: string } }[] = [];
  for (const account of accounts) {
    for (const param of params) {
      const key = keyOf(param, account);
      if (!key) continue;
      for (const alias of wanted.get(param.variable)!) {
        requests.push({ accountId: account.id, variable: param.variable, alias, key: { rest: param.id, sort: presetEntryOf(key, alias) } });
      }
    }
  }
  const found = await tenant.keyed('presetRecord').getMany(
    requests.map((r) => r.key),
    ['value'],
  );
  requests.forEach((r, j) => {
    const value = found[j]?.value;
    if (typeof value !== 'string') return;
    const values = out.get(r.accountId) ?? {};
    (values[r.variable] ??= {})[r.alias] = value;
    out.set(r.accountId, values);
  });
  return out;
}
