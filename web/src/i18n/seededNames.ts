/**
 * Names Herald gives the records it creates itself (the first organization, every organization's administrator
 * and approver roles) are stored in English. They are shown in the reader's language until someone renames them; a name a
 * person typed is always shown as typed.
 */
import type { Lang } from '../../../shared/errors';
import { currentLang } from './index';

const SEEDED: Record<string, Record<Exclude<Lang, 'en'>, string>> = {
  'Default organization': { zh: '默认组织', ja: 'デフォルト組織' },
  Administrator: { zh: '管理员', ja: '管理者' },
  'Holds every permission.': { zh: '拥有全部权限。', ja: 'すべての権限を持ちます。' },
  Approver: { zh: '审批人', ja: '承認者' },
  'Reviews messages and approves or rejects them.': { zh: '审阅消息并批准或驳回。', ja: 'メッセージを確認し、承認または却下します。' },
};

export function shownName(name: string, lang: Lang = currentLang()): string {
  return lang === 'en' ? name : (SEEDED[name]?.[lang] ?? name);
}
