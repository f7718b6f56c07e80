/** The administration screens' refusals: organizations, their white list and ownership, role delegation. */
import type { LocalText } from './text';

const entry = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

export const ADMIN_TEXTS = {
  appFeatureJson: entry('The app feature JSON must be a JSON object.', '应用功能 JSON 必须是一个 JSON 对象。', 'アプリ機能 JSON は JSON オブジェクトにしてください。'),
  whiteListTooLarge: entry('The white list may be at most 60 KB.', '白名单最大为 60 KB。', 'ホワイトリストは 60 KB 以内にしてください。'),
  whiteListEntry: entry('A white list entry may be at most 254 characters.', '白名单的每一项最多 254 个字符。', 'ホワイトリストの各項目は 254 文字以内にしてください。'),
  modelNameTaken: entry('A model with this name already exists.', '已存在同名模型。', '同じ名前のモデルがすでにあります。'),
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
  alertChannel: entry('Choose at least one way to be alerted.', '请至少选择一种提醒方式。', '通知方法を1つ以上選択してください。'),
  alertsTooMany: entry('A member may keep at most 50 alerts.', '每位成员最多保留 50 条提醒。', 'アラートは 1 人 50 件までです。'),
  headerName: entry('A header name has letters, digits and - only.', '请求头名称只能包含字母、数字和 -。', 'ヘッダー名には英字、数字、- だけを使えます。'),
  headerValue: entry('Please input the value of each new header!', '请输入每个新请求头的值！', '新しいヘッダーそれぞれの値を入力してください！'),
  clientId: entry('Please input the client id!', '请输入客户端 ID！', 'クライアント ID を入力してください！'),
  clientSecret: entry('Please input the client secret!', '请输入客户端密钥！', 'クライアントシークレットを入力してください！'),
  bearerToken: entry('Please input the bearer token!', '请输入 Bearer 令牌！', 'ベアラートークンを入力してください！'),
  username: entry('Please input the username!', '请输入用户名！', 'ユーザー名を入力してください！'),
  password: entry('Please input the password!', '请输入密码！', 'パスワードを入力してください！'),
  apiKeyHeader: entry(
    'An API key app needs a header or query entry that carries the key.',
    'API 密钥类型的应用需要一个携带密钥的请求头或查询参数。',
    'API キーのアプリには、キーを渡すヘッダーまたはクエリ項目が必要です。',
  ),
  tokenUrl: entry('Please input the token URL!', '请输入令牌 URL！', 'トークン URL を入力してください！'),
  webAddress: entry(
    'Please enter a web address such as https://api.example.com/push.',
    '请输入网址，例如 https://api.example.com/push。',
    'https://api.example.com/push のような Web アドレスを入力してください。',
  ),
  httpsOnly: entry(
    'The push endpoint and token URL must start with https://.',
    '推送端点和令牌 URL 必须以 https:// 开头。',
    'プッシュ送信先とトークン URL は https:// で始まる必要があります。',
  ),
};
