/**
 * What the server adds to a catalogue error about the request itself (after the catalogue's sentence): the
 * envelope, the links, the invitations, the records a call names. By their English form.
 */
import type { LocalText } from './text';

const entry = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

export const REQUEST_TEXTS = {
  // the envelope (functions/api)
  bodyNotJson: entry('The body is not JSON.', '请求体不是 JSON。', 'ボディが JSON ではありません。'),
  bodyNotObject: entry('The body must be an object.', '请求体必须是对象。', 'ボディはオブジェクトにしてください。'),
  noService: entry('The body needs a service name.', '请求体需要服务名称。', 'ボディにはサービス名が必要です。'),
  notMultipart: entry('The body is not a multipart form.', '请求体不是 multipart 表单。', 'ボディが multipart フォームではありません。'),
  tooLarge: entry('The request body is larger than {limit} bytes.', '请求体超过 {limit} 字节。', 'リクエストボディが {limit} バイトを超えています。'),
  inflates: entry('The payload inflates beyond {limit} bytes.', '载荷解压后超过 {limit} 字节。', 'ペイロードを展開すると {limit} バイトを超えます。'),
  contentType: entry('Send Content-Type: application/json.', '请发送 Content-Type: application/json。', 'Content-Type: application/json で送信してください。'),
  base64Payload: entry('In AES256 mode the payload is a base64 string.', 'AES256 模式下载荷必须是 base64 字符串。', 'AES256 モードではペイロードは base64 文字列です。'),
  notBase64: entry('The payload is not base64.', '载荷不是 base64。', 'ペイロードが base64 ではありません。'),
  notGzip: entry('The payload is not gzip data.', '载荷不是 gzip 数据。', 'ペイロードが gzip データではありません。'),
  notUtf8: entry('The payload is not UTF-8 JSON.', '载荷不是 UTF-8 JSON。', 'ペイロードが UTF-8 の JSON ではありません。'),
  notAes: entry('The payload is not AES-256 data.', '载荷不是 AES-256 数据。', 'ペイロードが AES-256 データではありません。'),
  notDecrypted: entry('The payload could not be decrypted.', '载荷无法解密。', 'ペイロードを復号できませんでした。'),
  unknownService: entry('Unknown service {service}.', '未知的服务 {service}。', '不明なサービス {service} です。'),
  noPath: entry('No such path.', '没有此路径。', 'そのパスはありません。'),
  header: entry('Header {name} is missing or malformed.', '请求头 {name} 缺失或格式错误。', 'ヘッダー {name} がないか、形式が正しくありません。'),
  surrogate: entry('The text holds an unpaired UTF-16 surrogate.', '文本中含有不成对的 UTF-16 代理字符。', 'テキストに対になっていない UTF-16 サロゲートが含まれています。'),
  surrogateName: entry('The name holds an unpaired UTF-16 surrogate.', '名称中含有不成对的 UTF-16 代理字符。', '名前に対になっていない UTF-16 サロゲートが含まれています。'),
  reservedKey: entry('This name is reserved and cannot be a key.', '该名称为保留名称，不能用作键。', 'この名前は予約されているため、キーにできません。'),
  cursor: entry('The cursor is not valid.', '游标无效。', 'カーソルが無効です。'),
  cursorOther: entry(
    'The cursor belongs to another {what}. Start again from the first page.',
    '该游标属于另一个{what}。请从第一页重新开始。',
    'このカーソルは別の{what}のものです。最初のページからやり直してください。',
  ),
  tooManyAttempts: entry(
    'Too many attempts. Try again in {minutes} minutes.',
    '尝试次数过多。请在 {minutes} 分钟后重试。',
    '試行回数が多すぎます。{minutes} 分後にもう一度お試しください。',
  ),
  tooManyAttemptsOne: entry('Too many attempts. Try again in 1 minute.', '尝试次数过多。请在 1 分钟后重试。', '試行回数が多すぎます。1 分後にもう一度お試しください。'),
  // links, invitations, accounts (functions/services/auth, user)
  linkInvalid: entry(
    'The link is invalid, used or expired. Ask for a new one.',
    '该链接无效、已使用或已过期。请重新申请。',
    'このリンクは無効、使用済み、または期限切れです。新しいリンクを依頼してください。',
  ),
  linkGoneAsk: entry('The link is no longer valid. Ask for a new one.', '该链接已失效。请重新申请。', 'このリンクはもう使えません。新しいリンクを依頼してください。'),
  linkGone: entry('The link is no longer valid.', '该链接已失效。', 'このリンクはもう使えません。'),
  invitationLapsed: entry(
    'This invitation was withdrawn or has lapsed. Ask for a new one.',
    '该邀请已撤回或已失效。请重新申请。',
    'この招待は取り消されたか、期限が切れました。新しい招待を依頼してください。',
  ),
  invitationAnswered: entry('This invitation has been answered already.', '该邀请已回复。', 'この招待にはすでに回答済みです。'),
  invitationRoleGone: entry(
    'The role of this invitation no longer exists; ask for a new invitation.',
    '该邀请的角色已不存在；请重新申请邀请。',
    'この招待のロールはもうありません。新しい招待を依頼してください。',
  ),
  invitationRoleCancel: entry(
    'The role of this invitation no longer exists; cancel it and invite again.',
    '该邀请的角色已不存在；请取消后重新邀请。',
    'この招待のロールはもうありません。取り消してから招待し直してください。',
  ),
  // the invitation refusals (720001), shared/services/user.ts INVITE_REFUSALS
  inviteMember: entry('This account is already a member of the organization.', '该账号已是本组织的成员。', 'このアカウントはすでに組織のメンバーです。'),
  inviteInvited: entry(
    'This account has already been invited and has not answered yet.',
    '该账号已被邀请，尚未回复。',
    'このアカウントはすでに招待されていて、まだ回答していません。',
  ),
  confirmSignedIn: entry(
    'Sign in as the account this address is for, then open the link again.',
    '请以该地址所属的账号登录，然后再次打开此链接。',
    'このアドレスのアカウントでサインインしてから、もう一度リンクを開いてください。',
  ),
  joinUnverified: entry(
    'Confirm your e-mail address first: open the link mailed to it, then accept the invitation.',
    '请先确认您的电子邮件地址：打开发送到该地址的链接，然后接受邀请。',
    'まずメールアドレスを確認してください。そのアドレスに送られたリンクを開いてから、招待を承諾してください。',
  ),
  emailTaken: entry('This e-mail address belongs to another account.', '该电子邮件地址属于另一个账号。', 'このメールアドレスは別のアカウントのものです。'),
  ownEmail: entry('This is already your e-mail address.', '这已经是您的电子邮件地址。', 'これはすでにあなたのメールアドレスです。'),
  usernameEmail: entry(
    'this e-mail address cannot be a username; give a username of letters, digits and . _ @ - only.',
    '电子邮件地址不能作为用户名；用户名只能包含字母、数字和 . _ @ -。',
    'メールアドレスはユーザー名にできません。英字・数字・. _ @ - のみのユーザー名を指定してください。',
  ),
  newUserPassword: entry(
    'a new user needs a password (or invite them instead).',
    '新用户需要密码（或改为邀请）。',
    '新しいユーザーにはパスワードが必要です（または招待してください）。',
  ),
  ownRole: entry('You cannot change your own role.', '您不能更改自己的角色。', '自分のロールは変更できません。'),
  ownDeactivate: entry('You cannot deactivate your own account.', '您不能停用自己的账号。', '自分のアカウントは無効にできません。'),
  ownDelete: entry('You cannot delete your own account.', '您不能删除自己的账号。', '自分のアカウントは削除できません。'),
  orgDeactivate: entry(
    'You cannot deactivate the organization you are signed in to; switch to another one first.',
    '您不能停用当前登录的组织；请先切换到其他组织。',
    'サインイン中の組織は無効にできません。先に別の組織に切り替えてください。',
  ),
  ownCredentials: entry(
    'Change your own e-mail address and password in Settings, where they are confirmed.',
    '请在“设置”中更改您自己的电子邮件地址和密码，并在那里确认。',
    '自分のメールアドレスとパスワードは、確認が行われる「設定」で変更してください。',
  ),
  sharedAccount: entry(
    'This account also belongs to another organization: only its owner can change its username, e-mail, password or status.',
    '此账号也属于其他组织：只有其本人可以更改其用户名、电子邮件地址、密码或状态。',
    'このアカウントは別の組織にも属しています。ユーザー名、メールアドレス、パスワード、状態を変更できるのは本人だけです。',
  ),
  templateNameTaken: entry('This template name is already used.', '该模板名称已被使用。', 'このテンプレート名は既に使われています。'),
  noTargetSelected: entry('No target were selected', '未选择任何对象', '対象が選択されていません'),
  grantBeyond: entry('You cannot grant permissions you do not hold: {codes}.', '您不能授予自己没有的权限：{codes}。', '自分が持っていない権限は付与できません：{codes}。'),
  adminRole: entry('The administrator role keeps every permission and stays active.', '管理员角色保留所有权限并始终有效。', '管理者ロールはすべての権限を持ち、常に有効です。'),
  adminRoleDelete: entry('The administrator role cannot be deleted.', '管理员角色不能删除。', '管理者ロールは削除できません。'),
  createOrgs: entry('Creating organizations needs its own permission.', '创建组织需要单独的权限。', '組織の作成には専用の権限が必要です。'),
  sendRates: entry(
    "Send rates are the deployment's: only the first organization's administrators change them.",
    '发送速率属于整个部署：只有第一个组织的管理员可以更改。',
    '送信レートはデプロイ全体の設定です。変更できるのは最初の組織の管理者だけです。',
  ),
  // records named by a call
  noAccount: entry('No account {id}.', '没有账户 {id}。', 'アカウント {id} はありません。'),
  noDevice: entry('No device {device} on account {account}.', '账户 {account} 上没有设备 {device}。', 'アカウント {account} にデバイス {device} はありません。'),
  segmentRequired: entry('Please choose the segment!', '请选择细分！', 'セグメントを選択してください！'),
  singleHasNoSteps: entry('A single message has no steps.', '单条消息没有步骤。', '単一メッセージにはステップがありません。'),
  stepRequired: entry('Please choose a message step.', '请选择一个消息步骤。', 'メッセージのステップを選択してください。'),
  segmentMissing: entry('The segment does not exist.', '该细分不存在。', 'セグメントが存在しません。'),
  companyMissing: entry('The company does not exist.', '该公司不存在。', '会社が存在しません。'),
  folderMissing: entry('The message folder does not exist.', '该消息文件夹不存在。', 'メッセージフォルダが存在しません。'),
  categoryMissing: entry('The template category does not exist.', '该模板分类不存在。', 'テンプレートのカテゴリが存在しません。'),
  participantApprove: entry('A participant cannot approve messages.', '参与者不能审批消息。', '参加者はメッセージを承認できません。'),
  templateChannel: entry(
    'A template keeps its channel: make a new template for another channel.',
    '模板的渠道不能更改：请为其他渠道新建模板。',
    'テンプレートのチャネルは変えられません。別のチャネル用に新しいテンプレートを作成してください。',
  ),
  templateLocked: entry(
    'This template is locked by another user: only they or an administrator can change or unlock it.',
    '该模板已被其他用户锁定：只有该用户或管理员可以修改或解锁。',
    'このテンプレートは別のユーザーがロックしています。変更やロック解除ができるのは、そのユーザーか管理者だけです。',
  ),
  letterPreview: entry('Only a letter (direct mail) has a PDF preview.', '只有信件（直邮）才有 PDF 预览。', 'PDF プレビューがあるのはレター（ダイレクトメール）だけです。'),
  testEmailOnly: entry('Only email messages can be tested by email.', '只有邮件消息可以通过邮件测试。', 'メールでテストできるのはメールのメッセージだけです。'),
  folderNotEmpty: entry(
    'A folder that holds files or folders cannot be deleted.',
    '含有文件或文件夹的文件夹不能删除。',
    'ファイルやフォルダが入っているフォルダは削除できません。',
  ),
  fileExists: entry('A file of this name is already in the folder.', '该文件夹中已有同名文件。', 'このフォルダには同じ名前のファイルがすでにあります。'),
  folderExists: entry('A folder of this name is already there.', '已存在同名文件夹。', '同じ名前のフォルダがすでにあります。'),
  assetNameBytes: entry(
    'A folder or file name is at most {max} bytes in UTF-8.',
    '文件夹或文件名最多 {max} 字节（UTF-8）。',
    'フォルダ名やファイル名は UTF-8 で {max} バイトまでです。',
  ),
  assetPathBytes: entry(
    'The path is longer than storage allows ({max} bytes in UTF-8).',
    '路径超过存储允许的长度（UTF-8 下 {max} 字节）。',
    'パスがストレージの上限（UTF-8 で {max} バイト）を超えています。',
  ),
  templateChannelContent: entry("The content is not for this template's channel.", '该内容不属于此模板的渠道。', 'このコンテンツはこのテンプレートのチャネル用ではありません。'),
  templateExportMax: entry(
    'Choose at most {max} templates to export (there are {count}).',
    '最多选择 {max} 个模板导出（当前有 {count} 个）。',
    'エクスポートするテンプレートは {max} 個までにしてください（現在 {count} 個）。',
  ),
  templateFileMax: entry('A file holds at most {max} templates.', '一个文件最多包含 {max} 个模板。', '1つのファイルに入れられるテンプレートは {max} 個までです。'),
  templateNotJson: entry('the file is not JSON.', '文件不是 JSON。', 'ファイルが JSON ではありません。'),
  templateNotExport: entry('the file is not a Herald template export.', '文件不是 Herald 导出的模板。', 'ファイルが Herald のテンプレートのエクスポートではありません。'),
  templateVersion: entry(
    'version {version} of the template file is not supported (this Herald reads version {supported}).',
    '不支持版本为 {version} 的模板文件（此 Herald 读取版本 {supported}）。',
    'テンプレートファイルのバージョン {version} には対応していません（この Herald が読めるのはバージョン {supported} です）。',
  ),
  templateTooLarge: entry(
    'The template is too large to store ({size} KB; at most {max} KB).',
    '模板过大，无法保存（{size} KB；最多 {max} KB）。',
    'テンプレートが大きすぎて保存できません（{size} KB、上限 {max} KB）。',
  ),
  exportNoFile: entry('The export has no file yet.', '该导出尚无文件。', 'このエクスポートにはまだファイルがありません。'),
  importEnded: entry('The import has ended.', '该导入已结束。', 'このインポートは終了しています。'),
  importNextRow: entry('The next page starts at row {row}.', '下一页从第 {row} 行开始。', '次のページは {row} 行目から始まります。'),
  deliveryConfirm: entry(
    'Only a delivery waiting for confirmation can be confirmed or skipped.',
    '只有等待确认的投递才能确认或跳过。',
    '確認待ちの配信だけが確認またはスキップできます。',
  ),
  deliveryReading: entry(
    'The delivery is still being read: delete it once it ends.',
    '该投递仍在读取中：请在结束后再删除。',
    'この配信はまだ読み込み中です。終わってから削除してください。',
  ),
  hostKeySftp: entry('Only an SFTP source has a host key.', '只有 SFTP 数据源才有主机密钥。', 'ホスト鍵があるのは SFTP のソースだけです。'),
  uploadSource: entry('Only an upload source takes files from here.', '只有上传类数据源可以从这里接收文件。', 'ここからファイルを受け取れるのはアップロードのソースだけです。'),
  presetLoading: entry(
    'The file of this parameter is being loaded. Wait until it ends.',
    '该参数的文件正在加载。请等待完成。',
    'このパラメータのファイルを読み込み中です。終わるまでお待ちください。',
  ),
  presetCloud: entry('This parameter reads its file through its cloud source.', '该参数通过其云数据源读取文件。', 'このパラメータはクラウドソースからファイルを読み込みます。'),
  presetCloudPermission: entry(
    'Reading a file through a cloud source needs the cloud source permission.',
    '通过云数据源读取文件需要云数据源权限。',
    'クラウドソースからファイルを読み込むにはクラウドソースの権限が必要です。',
  ),
  cursorOtherSearch: entry(
    'The cursor belongs to another search. Start again from the first page.',
    '该游标属于另一次搜索。请从第一页重新开始。',
    'このカーソルは別の検索のものです。最初のページからやり直してください。',
  ),
} as const;
