/** The mails the portal sends a person (not campaign messages), in the recipient's language. */
import type { LocalText } from './text';

const entry = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

export const MAIL_TEXTS = {
  inviteSubject: entry('You are invited to Herald', '您受邀加入 Herald', 'Herald への招待'),
  inviteIntro: entry(
    'You have been invited to Herald. Your username is {username}. Set your password to sign in:',
    '您已受邀加入 Herald。您的用户名是 {username}。请设置密码后登录：',
    'Herald に招待されました。ユーザー名は {username} です。パスワードを設定してサインインしてください：',
  ),
  resetSubject: entry('Reset your Herald password', '重置您的 Herald 密码', 'Herald のパスワードの再設定'),
  resetIntro: entry(
    'Someone asked to reset the password of {username}. If it was you, set a new password here:',
    '有人申请重置 {username} 的密码。如果是您本人，请在此设置新密码：',
    '{username} のパスワードの再設定が依頼されました。ご本人の場合は、こちらで新しいパスワードを設定してください：',
  ),
  linkExpiry: entry('The link works once and expires in {hours} hours.', '该链接只能使用一次，{hours} 小时后失效。', 'このリンクは1回だけ使え、{hours} 時間で期限が切れます。'),
  linkExpiryOne: entry('The link works once and expires in 1 hour.', '该链接只能使用一次，1 小时后失效。', 'このリンクは1回だけ使え、1 時間で期限が切れます。'),
  joinSubject: entry('You are invited to another organization in Herald', '您受邀加入 Herald 中的另一个组织', 'Herald の別の組織への招待'),
  joinIntro: entry(
    '{inviter} invited your Herald account {username} to join the organization {organization} as {role}. Sign in to accept or decline:',
    '{inviter} 邀请您的 Herald 账号 {username} 以 {role} 身份加入组织 {organization}。请登录后接受或拒绝：',
    '{inviter} さんが、あなたの Herald アカウント {username} を組織 {organization} に {role} として招待しました。サインインして承諾または辞退してください：',
  ),
  joinConfirmFirst: entry(
    'Before you can accept, open this link to confirm that {email} is your address:',
    '接受之前，请打开此链接，确认 {email} 是您的地址：',
    '承諾する前に、このリンクを開いて {email} があなたのアドレスであることを確認してください：',
  ),
  joinNothing: entry('Nothing changes unless you accept.', '除非您接受，否则不会有任何变化。', '承諾しない限り、何も変わりません。'),
  emailConfirmSubject: entry('Confirm your new Herald sign-in address', '确认您新的 Herald 登录地址', '新しい Herald サインインアドレスの確認'),
  emailConfirmIntro: entry(
    'Open this link to make {email} the sign-in address of the Herald account {username}:',
    '打开此链接，将 {email} 设为 Herald 账号 {username} 的登录地址：',
    'このリンクを開くと、{email} が Herald アカウント {username} のサインインアドレスになります：',
  ),
  emailRequestedSubject: entry('A change of your Herald sign-in address was requested', '有人申请更改您的 Herald 登录地址', 'Herald サインインアドレスの変更が依頼されました'),
  emailRequested: entry(
    "Someone signed in as {username} asked to change the account's sign-in address to {email}. Nothing changes until the link sent to that address is opened. If it was not you, change your password now.",
    '以 {username} 登录的人申请将该账号的登录地址更改为 {email}。在打开发送到该地址的链接之前，不会有任何变化。如果不是您本人，请立即更改密码。',
    '{username} としてサインインした人が、アカウントのサインインアドレスを {email} に変更するよう依頼しました。そのアドレスに送ったリンクが開かれるまで何も変わりません。心当たりがない場合は、すぐにパスワードを変更してください。',
  ),
  emailChangedSubject: entry('Your Herald sign-in address was changed', '您的 Herald 登录地址已更改', 'Herald サインインアドレスが変更されました'),
  emailChanged: entry(
    'The sign-in address of the Herald account {username} is now {email}. If it was not you, contact your administrator.',
    'Herald 账号 {username} 的登录地址现在是 {email}。如果不是您本人操作，请联系管理员。',
    'Herald アカウント {username} のサインインアドレスは {email} になりました。心当たりがない場合は、管理者に連絡してください。',
  ),
} as const;

/** A cloud source's alert to its receivers. */
export const ALERT_TEXTS = {
  subjectFAILURE: entry('Herald cloud source "{source}": {file} failed', 'Herald 云数据源“{source}”：{file} 失败', 'Herald クラウドソース「{source}」：{file} が失敗しました'),
  subjectHELD: entry(
    'Herald cloud source "{source}": {file} is waiting for confirmation',
    'Herald 云数据源“{source}”：{file} 等待确认',
    'Herald クラウドソース「{source}」：{file} が確認待ちです',
  ),
  subjectDONE: entry(
    'Herald cloud source "{source}": {file} was imported',
    'Herald 云数据源“{source}”：{file} 已导入',
    'Herald クラウドソース「{source}」：{file} をインポートしました',
  ),
  aRun: entry('a run', '一次运行', '実行'),
  source: entry('Cloud source: {source} ({type})', '云数据源：{source}（{type}）', 'クラウドソース：{source}（{type}）'),
  file: entry('File: {file}', '文件：{file}', 'ファイル：{file}'),
  status: entry('Status: {status}', '状态：{status}', 'ステータス：{status}'),
  counts: entry(
    'Data rows: {rows}, passed: {valid}, failed: {invalid}, accounts created: {created}, updated: {updated}',
    '数据行：{rows}，通过：{valid}，失败：{invalid}，新建账户：{created}，更新：{updated}',
    'データ行：{rows}、合格：{valid}、不合格：{invalid}、作成したアカウント：{created}、更新：{updated}',
  ),
  reason: entry('Reason: {reason}', '原因：{reason}', '理由：{reason}'),
  open: entry('Open {url} to see its records.', '打开 {url} 查看记录。', '{url} を開くと記録を確認できます。'),
  statusCHECKING: entry('Checking', '检查中', 'チェック中'),
  statusHELD: entry('Held', '待确认', '保留'),
  statusIMPORTING: entry('Importing', '导入中', 'インポート中'),
  statusCONFIRMED: entry('Confirmed', '已确认', '確認済み'),
  statusSKIPPED: entry('Skipped', '已跳过', 'スキップ'),
  statusDONE: entry('Done', '完成', '完了'),
  statusFAILED: entry('Failed', '失败', '失敗'),
} as const;
