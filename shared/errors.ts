import type { Lang } from './i18n/lang';
import { say } from './i18n/say';
/** The error catalogue of spec 000 section 8. */
export { LANGS, type Lang } from './i18n/lang';

interface CatalogueEntry {
  status: number;
  en: string;
  zh: string;
  ja: string;
}

const entry = (status: number, en: string, zh: string, ja: string): CatalogueEntry => ({ status, en, zh, ja });

export const ERROR_CATALOGUE = {
  '400000': entry(500, 'We ran into an issue. Please try again.', '我们遇到了问题，请重试。', '問題が発生しました。もう一度お試しください。'),
  '400001': entry(400, 'The app does not exist.', '应用不存在。', 'アプリが存在しません。'),
  '400002': entry(403, 'The app lacks permission for this API.', '该应用无权调用此接口。', 'このアプリにはこの API の権限がありません。'),
  '400003': entry(400, 'The API is missing for this environment.', '当前环境缺少该接口。', 'この環境には API がありません。'),
  '400004': entry(400, 'The API version is missing for this environment.', '当前环境缺少该接口版本。', 'この環境には API のバージョンがありません。'),
  '400005': entry(405, 'Method not supported.', '不支持该方法。', 'このメソッドはサポートされていません。'),
  '400006': entry(400, 'Encryption error.', '加密错误。', '暗号化エラーです。'),
  '400007': entry(400, 'Decryption failed.', '解密失败。', '復号に失敗しました。'),
  '400008': entry(400, 'Signature missing.', '缺少签名。', '署名がありません。'),
  '400009': entry(400, 'Signature check failed.', '签名校验失败。', '署名の検証に失敗しました。'),
  '400010': entry(400, 'Encoding error.', '编码错误。', 'エンコードエラーです。'),
  '400011': entry(404, 'The API does not exist.', '接口不存在。', 'API が存在しません。'),
  '400012': entry(400, 'Feature not supported.', '不支持该功能。', 'この機能はサポートされていません。'),
  '400013': entry(503, 'Cannot connect to the network.', '无法连接网络。', 'ネットワークに接続できません。'),
  '400014': entry(429, "The request can't be made now. Please try later.", '暂时无法发起请求，请稍后再试。', '現在リクエストできません。しばらくしてからお試しください。'),
  '400015': entry(415, 'Content type not correct.', '内容类型不正确。', 'コンテンツタイプが正しくありません。'),
  '400016': entry(400, 'Parameter not valid.', '参数无效。', 'パラメータが無効です。'),
  '400017': entry(403, 'Authorization check failed.', '授权校验失败。', '認可チェックに失敗しました。'),
  '400018': entry(401, 'Authorization token not set or expired.', '未设置授权令牌或令牌已过期。', '認可トークンが設定されていないか、期限切れです。'),
  '401001': entry(400, 'Invalid header parameter.', '请求头参数无效。', 'ヘッダーパラメータが無効です。'),
  '401002': entry(400, 'Invalid body parameter.', '请求体参数无效。', 'ボディパラメータが無効です。'),
  '401005': entry(400, 'Please check your time and time zone settings.', '请检查时间和时区设置。', '時刻とタイムゾーンの設定を確認してください。'),
  '600001': entry(503, 'Cannot connect to the network.', '无法连接网络。', 'ネットワークに接続できません。'),
  '600002': entry(503, 'Cannot connect to the network.', '无法连接网络。', 'ネットワークに接続できません。'),
  '600003': entry(401, 'You have been logged out due to inactivity.', '由于长时间未操作，您已退出登录。', '操作がなかったためログアウトしました。'),
  '600003_1': entry(401, 'Auto login failed.', '自动登录失败。', '自動ログインに失敗しました。'),
  '600004': entry(503, 'Cannot connect to the network.', '无法连接网络。', 'ネットワークに接続できません。'),
  '600005': entry(
    401,
    'Your password, role or email has changed. Please log in again.',
    '您的密码、角色或邮箱已更改，请重新登录。',
    'パスワード、ロール、またはメールアドレスが変更されました。再度ログインしてください。',
  ),
  '600006': entry(401, 'The user may have been deleted.', '该用户可能已被删除。', 'ユーザーが削除された可能性があります。'),
  '700001': entry(409, 'The message has already been pushed to the translation system.', '该消息已推送到翻译系统。', 'このメッセージはすでに翻訳システムに送信されています。'),
  '710001': entry(401, 'User not found.', '用户不存在。', 'ユーザーが見つかりません。'),
  '710002': entry(401, 'Wrong username or password.', '用户名或密码错误。', 'ユーザー名またはパスワードが違います。'),
  '710003': entry(403, 'This account is not permitted to log in.', '该账号不允许登录。', 'このアカウントはログインを許可されていません。'),
  '710004': entry(401, 'The refresh token is invalid.', '刷新令牌无效。', 'リフレッシュトークンが無効です。'),
  '710005': entry(401, 'The token is missing or expired.', '令牌缺失或已过期。', 'トークンがないか、期限切れです。'),
  '710006': entry(400, say('validation.passwordsInconsistent'), '两次输入的密码不一致！', '2つのパスワードが一致しません！'),
  '710007': entry(400, 'The current password is wrong.', '当前密码错误。', '現在のパスワードが違います。'),
  '710008': entry(
    400,
    'The old password is invalid: choose a password different from the current one.',
    '旧密码无效：新密码不能与当前密码相同。',
    '古いパスワードは無効です：現在と異なるパスワードを選んでください。',
  ),
  '711001': entry(409, 'The role code is already occupied.', '角色编码已被占用。', 'ロールコードはすでに使用されています。'),
  '711002': entry(409, 'The role has users and cannot be deleted.', '该角色下有用户，无法删除。', 'このロールにはユーザーがいるため削除できません。'),
  '720001': entry(409, say('entity.nameTaken'), '名称已被占用。', 'この名前はすでに使用されています。'),
  '720002': entry(404, 'Data privacy settings not found.', '未找到数据隐私设置。', 'データプライバシー設定が見つかりません。'),
  '720003': entry(404, 'No data found.', '未找到数据。', 'データが見つかりません。'),
  '720004': entry(500, 'Unexpected error.', '意外错误。', '予期しないエラーです。'),
  '720005': entry(404, 'Method not found.', '未找到方法。', 'メソッドが見つかりません。'),
  '720006': entry(400, 'The field cannot be empty.', '字段不能为空。', 'フィールドは空にできません。'),
  '720007': entry(409, 'The item has been deleted or changed by someone else.', '该项已被删除或被他人修改。', 'この項目は削除されたか、他のユーザーによって変更されました。'),
  '720009': entry(400, 'The item is invalid.', '该项无效。', 'この項目は無効です。'),
  '730001': entry(403, 'No permission.', '没有权限。', '権限がありません。'),
  '730002': entry(409, 'The message has already been sent.', '消息已发送。', 'メッセージはすでに送信されています。'),
  '730003': entry(409, 'Timed out: it cannot be approved and becomes expired.', '已超时：无法审批，已过期。', 'タイムアウトしました：承認できず期限切れになります。'),
  '730004': entry(409, 'The plan cannot be resent.', '该计划无法重新发送。', 'このプランは再送できません。'),
  '730005': entry(409, 'The message is being pushed and cannot be resent now.', '消息正在推送中，暂时无法重新发送。', 'プッシュ中のため、今は再送できません。'),
  '730006': entry(400, 'Too many records to resend.', '需要重新发送的记录过多。', '再送するレコードが多すぎます。'),
  '730007': entry(409, 'The plan cannot be edited.', '该计划无法编辑。', 'このプランは編集できません。'),
  '730008': entry(404, 'Plan or schedule not found.', '未找到计划或日程。', 'プランまたはスケジュールが見つかりません。'),
  '730009': entry(409, 'Not sent, so it cannot be counted.', '尚未发送，无法统计。', '未送信のため集計できません。'),
  '730010': entry(409, 'It cannot be deleted.', '无法删除。', '削除できません。'),
  '730012': entry(409, 'It cannot be confirmed directly; save it as a draft first.', '无法直接确认，请先保存为草稿。', '直接確定できません。先に下書き保存してください。'),
  '730013': entry(409, 'All participants must approve first.', '需要所有参与者先审批。', 'すべての参加者の承認が必要です。'),
  '740001': entry(409, 'No push is currently being sent.', '当前没有正在发送的推送。', '現在送信中のプッシュはありません。'),
  '740002': entry(400, 'The message ID is empty.', '消息 ID 为空。', 'メッセージ ID が空です。'),
  '750001': entry(409, 'The schedule execute time cannot change.', '日程执行时间无法更改。', 'スケジュールの実行時刻は変更できません。'),
  '750002': entry(
    400,
    'The next execute time is too close (at least 5 minutes apart).',
    '下次执行时间过近（至少间隔 5 分钟）。',
    '次の実行時刻が近すぎます（5分以上空けてください）。',
  ),
  '750003': entry(409, 'The schedule execute time cannot change.', '日程执行时间无法更改。', 'スケジュールの実行時刻は変更できません。'),
  '750004': entry(404, 'Schedule not found.', '未找到日程。', 'スケジュールが見つかりません。'),
  '770001': entry(409, 'Deletion failed.', '删除失败。', '削除に失敗しました。'),
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CATALOGUE, code);
}

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

export function errorMessage(code: ErrorCode, lang: Lang = 'en'): string {
  return ERROR_CATALOGUE[code][lang];
}

export type LocalDetail = Readonly<Record<Lang, string>>;

/** `detail` is always English (logs, tests); the answer takes the caller's language (functions/api/steps.ts `detailIn`). */
export class AppError extends Error {
  readonly detail?: string;
  readonly localDetail?: LocalDetail;
  constructor(
    readonly code: ErrorCode,
    detail?: string | LocalDetail,
    readonly headers?: Record<string, string>,
    readonly statusOverride?: number,
  ) {
    const english = typeof detail === 'string' ? detail : detail?.en;
    super(english ? `${ERROR_CATALOGUE[code].en} ${english}` : ERROR_CATALOGUE[code].en);
    this.name = 'AppError';
    this.detail = english;
    if (typeof detail === 'object') this.localDetail = detail;
  }
  get status(): number {
    return this.statusOverride ?? httpStatusOf(this.code);
  }
}
