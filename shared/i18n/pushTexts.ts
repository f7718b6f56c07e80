/** The push channel settings' server texts (shared/services/pushChannel.ts), by their English form; test notification words. */
import type { LocalText } from './text';

const t = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

export const PUSH_TEXTS = {
  title: t('Please input the title!', '请输入标题！', 'タイトルを入力してください！'),
  app: t('Please select the application!', '请选择应用！', 'アプリケーションを選択してください！'),
  type: t(
    'Please select the push service (APNs, APNs sandbox or FCM)!',
    '请选择推送服务（APNs、APNs 沙盒或 FCM）！',
    'プッシュサービス（APNs、APNs サンドボックス、FCM）を選択してください！',
  ),
  authMethod: t(
    'Please choose a token key (.p8) or a certificate (.p12) for APNs.',
    '请为 APNs 选择令牌密钥（.p8）或证书（.p12）。',
    'APNs にはトークンキー（.p8）か証明書（.p12）を選んでください。',
  ),
  bundleId: t('Please enter a bundle id such as com.example.app.', '请输入 Bundle ID，例如 com.example.app。', 'com.example.app のようなバンドル ID を入力してください。'),
  teamId: t(
    'The team ID is the 10 letters and digits shown in your Apple developer account.',
    'Team ID 是 Apple 开发者账号中显示的 10 位字母和数字。',
    'チーム ID は Apple デベロッパーアカウントに表示される 10 文字の英数字です。',
  ),
  keyId: t(
    'The key ID is the 10 letters and digits shown beside the key in your Apple developer account.',
    'Key ID 是 Apple 开发者账号中密钥旁显示的 10 位字母和数字。',
    'キー ID は Apple デベロッパーアカウントでキーの横に表示される 10 文字の英数字です。',
  ),
  tokenKey: t(
    'The token key is the whole .p8 file Apple gave you, from -----BEGIN PRIVATE KEY----- to -----END PRIVATE KEY-----.',
    '令牌密钥是 Apple 提供的完整 .p8 文件，从 -----BEGIN PRIVATE KEY----- 到 -----END PRIVATE KEY-----。',
    'トークンキーは Apple から受け取った .p8 ファイル全体（-----BEGIN PRIVATE KEY----- から -----END PRIVATE KEY----- まで）です。',
  ),
  tokenKeyMissing: t('Please add the .p8 token key file.', '请添加 .p8 令牌密钥文件。', '.p8 トークンキーファイルを追加してください。'),
  certificate: t('The certificate is a .p12 file (base64).', '证书应为 .p12 文件（base64）。', '証明書は .p12 ファイル（base64）です。'),
  certificateMissing: t('Please add the .p12 certificate file and its password.', '请添加 .p12 证书文件及其密码。', '.p12 証明書ファイルとそのパスワードを追加してください。'),
  certificateUnreadable: t(
    'The .p12 file cannot be opened with this password, or holds no certificate and private key.',
    '无法用此密码打开该 .p12 文件，或其中没有证书和私钥。',
    'この .p12 ファイルはこのパスワードでは開けないか、証明書と秘密鍵が含まれていません。',
  ),
  certificateLegacy: t(
    'The .p12 file uses an old encryption (RC2) that cannot be opened: export it again from Keychain Access, or convert it with openssl pkcs12 without -legacy.',
    '该 .p12 文件使用了无法打开的旧加密方式（RC2）：请从钥匙串访问重新导出，或用不带 -legacy 的 openssl pkcs12 转换。',
    'この .p12 ファイルは開けない古い暗号方式（RC2）を使っています。キーチェーンアクセスから書き出し直すか、-legacy を付けずに openssl pkcs12 で変換してください。',
  ),
  certificateExpired: t(
    'The certificate has expired: export a current one from Keychain Access.',
    '证书已过期：请从钥匙串访问导出有效的证书。',
    '証明書の有効期限が切れています。キーチェーンアクセスから有効な証明書を書き出してください。',
  ),
  serviceJson: t(
    'The service account JSON is the file Firebase gives you (Project settings, Service accounts): it names type service_account, project_id, client_email and private_key.',
    '服务账号 JSON 是 Firebase 提供的文件（项目设置 > 服务账号），其中包含 type service_account、project_id、client_email 和 private_key。',
    'サービスアカウント JSON は Firebase から取得するファイル（プロジェクトの設定 > サービスアカウント）で、type service_account、project_id、client_email、private_key を含みます。',
  ),
  serviceJsonMissing: t('Please add the FCM service account JSON file.', '请添加 FCM 服务账号 JSON 文件。', 'FCM のサービスアカウント JSON ファイルを追加してください。'),
  taken: t(
    'This application already has a channel for this push service.',
    '该应用已有此推送服务的渠道。',
    'このアプリケーションにはこのプッシュサービスのチャネルがすでにあります。',
  ),
  appMissing: t('The application does not exist.', '该应用不存在。', 'このアプリケーションは存在しません。'),
  refused: t(
    'End User Messaging refused the credentials ({detail}).',
    'End User Messaging 拒绝了该凭据（{detail}）。',
    'End User Messaging が認証情報を拒否しました（{detail}）。',
  ),
  unreachable: t(
    'End User Messaging cannot be reached; nothing was saved. Try again later.',
    '无法连接 End User Messaging，未保存任何内容。请稍后再试。',
    'End User Messaging に接続できないため、何も保存されていません。しばらくしてから再度お試しください。',
  ),
  testNoDevice: t(
    'The account has no active device on this push service.',
    '该账户在此推送服务上没有有效设备。',
    'このアカウントにはこのプッシュサービスの有効な端末がありません。',
  ),
  testDisabled: t(
    'The channel is disabled: enable it before a test send.',
    '该渠道已停用：请先启用再进行测试发送。',
    'このチャネルは無効です。テスト送信の前に有効にしてください。',
  ),
  account: t('Please input the account!', '请输入账户！', 'アカウントを入力してください！'),
  testTitle: t('Herald test notification', 'Herald 测试通知', 'Herald テスト通知'),
  testBody: t(
    'If you can read this, the push channel "{title}" works.',
    '如果您能看到这条消息，说明推送渠道“{title}”工作正常。',
    'このメッセージが表示されていれば、プッシュチャネル「{title}」は正常に動作しています。',
  ),
  inboxNeedsUser: t(
    'The inbox is read only with a user token for the account.',
    '仅凭该账户的用户令牌才能读取收件箱。',
    '受信箱はアカウントのユーザートークンがある場合にのみ読み取れます。',
  ),
  planWithoutChannel: t(
    'A push message needs a push channel: add an enabled APNs or FCM channel on the push channel settings screen, or an active API application with a push endpoint URL, first.',
    '推送消息需要推送渠道：请先在推送渠道设置页面添加一个已启用的 APNs 或 FCM 渠道，或添加一个带推送端点 URL 的有效 API 应用。',
    'プッシュメッセージにはプッシュチャネルが必要です。先にプッシュチャネル設定画面で有効な APNs または FCM チャネルを追加するか、プッシュ送信先 URL のある有効な API アプリを追加してください。',
  ),
  // why a push to an API application's device failed (functions/channels/push/apiApp.ts), kept on its send record
  apiAnswered: t(
    'The application endpoint answered HTTP {status} after {attempts} attempt(s).',
    '应用端点在 {attempts} 次尝试后返回了 HTTP {status}。',
    'アプリケーションの送信先は {attempts} 回の試行の後、HTTP {status} を返しました。',
  ),
  apiUnreachable: t(
    'The application endpoint could not be reached ({code}) after {attempts} attempt(s).',
    '尝试 {attempts} 次后仍无法连接应用端点（{code}）。',
    '{attempts} 回試行しましたが、アプリケーションの送信先に接続できませんでした（{code}）。',
  ),
  answerBegan: t('Its answer began:', '其响应开头为：', '応答の冒頭：'),
  tokenAnswered: t('The token endpoint answered HTTP {status}.', '令牌端点返回了 HTTP {status}。', 'トークンエンドポイントは HTTP {status} を返しました。'),
  tokenUnreachable: t('The token endpoint could not be reached ({code}).', '无法连接令牌端点（{code}）。', 'トークンエンドポイントに接続できませんでした（{code}）。'),
  tokenMissing: t('The token endpoint answered without an access token.', '令牌端点的响应中没有访问令牌。', 'トークンエンドポイントの応答にアクセストークンがありませんでした。'),
  apiNoUrl: t('The application has no push endpoint URL.', '该应用没有推送端点 URL。', 'アプリケーションにプッシュ送信先 URL がありません。'),
  apiBadUrl: t('The application has no valid push endpoint URL.', '该应用没有有效的推送端点 URL。', 'アプリケーションに有効なプッシュ送信先 URL がありません。'),
  apiNoBearer: t('The application has no bearer token.', '该应用没有 Bearer 令牌。', 'アプリケーションにベアラートークンがありません。'),
  apiNoPassword: t('The application has no password.', '该应用没有密码。', 'アプリケーションにパスワードがありません。'),
  apiNoClient: t(
    'The application has no token URL, client id or client secret.',
    '该应用缺少令牌 URL、客户端 ID 或客户端密钥。',
    'アプリケーションにトークン URL、クライアント ID、クライアントシークレットのいずれかがありません。',
  ),
  apiSealed: t(
    "The application's credentials cannot be read with this deployment's key: enter them again on the application.",
    '无法用本部署的密钥读取该应用的凭据：请在应用中重新输入。',
    'このデプロイの鍵ではアプリケーションの認証情報を読み取れません。アプリケーションで入力し直してください。',
  ),
  apiInactive: t('The application is inactive.', '该应用已停用。', 'アプリケーションは無効です。'),
} as const;
