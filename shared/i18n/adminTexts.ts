/** The administration screens' refusals: organizations, their white list and ownership, role delegation. */
import type { LocalText } from './text';

const entry = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

export const ADMIN_TEXTS = {
  appFeatureJson: entry('The app feature JSON must be a JSON object.', '应用功能 JSON 必须是一个 JSON 对象。', 'アプリ機能 JSON は JSON オブジェクトにしてください。'),
  whiteListTooLarge: entry('The white list may be at most 60 KB.', '白名单最大为 60 KB。', 'ホワイトリストは 60 KB 以内にしてください。'),
  whiteListEntry: entry('A white list entry may be at most 254 characters.', '白名单的每一项最多 254 个字符。', 'ホワイトリストの各項目は 254 文字以内にしてください。'),
  notOwner: entry('Only the owner of the organization can transfer it.', '只有组织的所有者才能转让该组织。', '組織を譲渡できるのは組織のオーナーだけです。'),
  transferToMember: entry(
    'Ownership can only go to an active member of the organization.',
    '所有权只能转让给该组织的有效成员。',
    'オーナー権限は組織の有効なメンバーにのみ譲渡できます。',
  ),
  alreadyOwner: entry('This user already owns the organization.', '该用户已经是组织的所有者。', 'このユーザーはすでに組織のオーナーです。'),
  delegateSelf: entry('A user cannot delegate to themselves.', '用户不能委托给自己。', 'ユーザーは自分自身に委任できません。'),
  delegateEnded: entry('The end date must be in the future.', '结束日期必须在未来。', '終了日は未来の日付にしてください。'),
  delegateOthers: entry(
    "Delegating another user's role needs the portal user permission.",
    '委托其他用户的角色需要门户用户权限。',
    '他のユーザーのロールを委任するには、ポータルユーザー権限が必要です。',
  ),
};
