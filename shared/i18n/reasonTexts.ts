/**
 * Why a row of an import, or a cloud source's run, failed. Stored in English (the records outlive the reader's
 * language); answered in the reader's.
 */
import { OUTBOUND_TEXTS } from './outboundTexts';
import type { LocalText } from './text';

const entry = (en: string, zh: string, ja: string): LocalText => ({ en, zh, ja });

/** A data import's row (shared/import). */
export const IMPORT_TEXTS = {
  columns: entry(
    'The row has {count} columns; the header has {expected}.',
    '该行有 {count} 列，表头有 {expected} 列。',
    'この行は {count} 列ですが、ヘッダーは {expected} 列です。',
  ),
  keyTooLong: entry('The value is longer than {max} characters.', '值超过 {max} 个字符。', '値が {max} 文字を超えています。'),
  boolean: entry(
    'The value must be true or false (also yes/no, 1/0).',
    '值必须是 true 或 false（也可用 yes/no、1/0）。',
    '値は true か false にしてください（yes/no、1/0 も可）。',
  ),
  number: entry('The value must be a number.', '值必须是数字。', '値は数値にしてください。'),
  date: entry(
    'The value must be a date such as 2026-01-31 or 2026-01-31T09:00:00Z.',
    '值必须是日期，例如 2026-01-31 或 2026-01-31T09:00:00Z。',
    '値は 2026-01-31 や 2026-01-31T09:00:00Z のような日付にしてください。',
  ),
  attributeName: entry('Please input the attribute name!', '请输入属性名！', '属性名を入力してください！'),
  targetTwice: entry("Only one column may fill '{target}'.", '只能有一列填写“{target}”。', '「{target}」に入れられる列は1つだけです。'),
  attributeTwice: entry("Only one column may fill the attribute '{name}'.", '只能有一列填写属性“{name}”。', '属性「{name}」に入れられる列は1つだけです。'),
  columnTwice: entry('A column is mapped twice.', '某一列被映射了两次。', '同じ列が2回割り当てられています。'),
  keyColumn: entry('Please choose the primary key column.', '请选择主键列。', '主キーの列を選んでください。'),
  noColumn: entry('The mapping names a column the file does not have.', '映射中指定了文件中不存在的列。', '割り当てにファイルにない列が指定されています。'),
  notAccountField: entry(
    'The column fills a device field; an account import fills account fields.',
    '该列填写的是设备字段；账户导入只填写账户字段。',
    'この列はデバイスの項目に入ります。アカウントのインポートはアカウントの項目に入れます。',
  ),
  lineUserId: entry('A LINE user id is U followed by 32 hexadecimal digits.', 'LINE 用户 ID 为 U 后跟 32 位十六进制数字。', 'LINE ユーザー ID は U に続く 32 桁の 16 進数です。'),
  platform: entry('The platform must be iOS, Android or Other.', '平台必须是 iOS、Android 或 Other。', 'プラットフォームは iOS、Android、Other のいずれかにしてください。'),
  permission: entry(
    'The permission must be NOT_ALLOW, WHEN_IN_USE, ALWAYS or ONLY_ONCE.',
    '权限必须是 NOT_ALLOW、WHEN_IN_USE、ALWAYS 或 ONLY_ONCE。',
    '権限は NOT_ALLOW、WHEN_IN_USE、ALWAYS、ONLY_ONCE のいずれかにしてください。',
  ),
  channel: entry(
    'The channel must be APNS, APNS_SANDBOX or GCM (FCM).',
    '渠道必须是 APNS、APNS_SANDBOX 或 GCM（FCM）。',
    'チャネルは APNS、APNS_SANDBOX、GCM（FCM）のいずれかにしてください。',
  ),
  deviceNeeds: entry(
    "A device import maps one column to 'deviceId' and one to 'platform'.",
    '设备导入需要将一列映射到“deviceId”，一列映射到“platform”。',
    'デバイスのインポートでは、1列を「deviceId」に、1列を「platform」に割り当てます。',
  ),
  onlyDevice: entry('A device import fills device fields only.', '设备导入只填写设备字段。', 'デバイスのインポートはデバイスの項目だけに入れます。'),
  noAccount: entry(
    'The account {id} does not exist: import the accounts first.',
    '账户 {id} 不存在：请先导入账户。',
    'アカウント {id} がありません。先にアカウントをインポートしてください。',
  ),
  vehicleNeedsVin: entry(
    "A vehicle's make, model or year needs the vehicle's VIN in the same row.",
    '车辆的品牌、车型或年份需要在同一行中填写该车辆的车辆识别码（VIN）。',
    '車両のメーカー・モデル・年式には、同じ行にその車両の VIN が必要です。',
  ),
  iotDeviceNeedsId: entry(
    "An IoT device's name, type or VIN needs the device's id in the same row.",
    'IoT 设备的名称、类型或 VIN 需要在同一行中填写该设备的 ID。',
    'IoT デバイスの名前・種類・VIN には、同じ行にそのデバイスの ID が必要です。',
  ),
  csvEncoding: entry(
    "Row {row} is not {encoding} text: choose the file's encoding.",
    '第 {row} 行不是 {encoding} 文本：请选择文件的编码。',
    '{row} 行目が {encoding} のテキストではありません。ファイルのエンコードを選んでください。',
  ),
  csvFieldTooLong: entry(
    'Row {row} has a value longer than {max} characters (is a quote left open?).',
    '第 {row} 行中有超过 {max} 个字符的值（是否有未闭合的引号？）。',
    '{row} 行目に {max} 文字を超える値があります（引用符が閉じられていない可能性があります）。',
  ),
  csvColumns: entry('Row {row} has more than {max} columns.', '第 {row} 行超过 {max} 列。', '{row} 行目の列数が {max} を超えています。'),
  /** spec 001 section 5, word for word */
  xlsxNotWorkbook: entry('Please choose an excel file!', '请选择 Excel 文件！', 'Excel ファイルを選択してください！'),
  xlsxNoSheet: entry(
    "The workbook has no sheet named '{sheet}'; its sheets: {sheets}.",
    '工作簿中没有名为“{sheet}”的工作表；现有工作表：{sheets}。',
    'ブックに「{sheet}」という名前のシートはありません。シート: {sheets}。',
  ),
  xlsxTooLarge: entry(
    'An Excel file is read whole, so it may be at most {max} MB: send a larger one as CSV.',
    'Excel 文件需整体读取，最大 {max} MB：更大的文件请以 CSV 发送。',
    'Excel ファイルは全体を読み込むため、{max} MB までです。それより大きいファイルは CSV で送ってください。',
  ),
  pinpointNoId: entry('The endpoint has neither a User.UserId nor an Id.', '该端点既没有 User.UserId 也没有 Id。', 'このエンドポイントには User.UserId も Id もありません。'),
  pinpointUserIdLong: entry('The user id is longer than 128 characters.', '用户 ID 超过 128 个字符。', 'ユーザー ID が 128 文字を超えています。'),
  pinpointAddress: entry('Address: {reason}', '地址：{reason}', 'アドレス：{reason}'),
  pinpointNoTemplateName: entry('The template has no TemplateName.', '该模板没有 TemplateName。', 'このテンプレートには TemplateName がありません。'),
  pinpointTemplateType: entry(
    'Templates of type {kind} are not imported (email, SMS and push are).',
    '不导入类型为 {kind} 的模板（导入电子邮件、SMS 和推送模板）。',
    '種類が {kind} のテンプレートは取り込みません（取り込むのはメール、SMS、プッシュです）。',
  ),
} as const;

/** A cloud source's run (functions/services/cloudSource). */
export const CLOUD_RUN_TEXTS = {
  pattern: entry("The value does not match the column's pattern.", '该值与列的模式不匹配。', '値が列のパターンに一致しません。'),
  patternUnsupported: entry(
    'The pattern cannot be checked in linear time: look-arounds and back-references are not supported.',
    '该模式无法在线性时间内检查：不支持环视和反向引用。',
    'このパターンは線形時間で検査できません。先読み・後読みと後方参照は使えません。',
  ),
  header: entry(
    "Column {column} of the header is '{found}', not '{expected}'.",
    '表头第 {column} 列是“{found}”，而不是“{expected}”。',
    'ヘッダーの {column} 列目が「{expected}」ではなく「{found}」です。',
  ),
  rowLimit: entry(
    "The file has more than {max} data rows (the source's large-file row limit).",
    '该文件超过 {max} 行数据（数据源的大文件行数上限）。',
    'ファイルのデータ行が {max} 行（ソースの大容量ファイルの行数上限）を超えています。',
  ),
  nameMismatch: entry(
    "The file name {file} does not match the source's pattern {pattern}.",
    '文件名 {file} 与数据源的模式 {pattern} 不匹配。',
    'ファイル名 {file} がソースのパターン {pattern} に一致しません。',
  ),
  fileGone: entry('The file is no longer at the source.', '该文件已不在数据源中。', 'ファイルはもうソースにありません。'),
  changedAfterCheck: entry(
    'The file changed after its check, so it was not imported: the next run checks the new file.',
    '该文件在检查后发生了变化，因此未导入：下次运行将检查新文件。',
    'ファイルがチェック後に変更されたため、インポートしませんでした。次回の実行で新しいファイルをチェックします。',
  ),
  changedWhileRead: entry(
    'The file changed while it was read: the next run reads the new file.',
    '该文件在读取时发生了变化：下次运行将读取新文件。',
    'ファイルが読み込み中に変更されました。次回の実行で新しいファイルを読み込みます。',
  ),
  credentials: entry(
    'The source has no complete credentials: save it with its password or private key (SFTP), or its access key and secret key or a role (S3).',
    '该数据源的凭据不完整：请填写密码或私钥（SFTP），或 Access Key 和 Secret Key 或角色（S3）后保存。',
    'ソースの認証情報がそろっていません。パスワードか秘密鍵（SFTP）、またはアクセスキーとシークレットキーかロール（S3）を入れて保存してください。',
  ),
  hostKeyUnconfirmed: entry(
    "The SFTP server's host key is not confirmed yet: check its fingerprint on the source and confirm it, then run again. Nothing was sent to the server.",
    'SFTP 服务器的主机密钥尚未确认：请在数据源中核对其指纹并确认，然后重新运行。未向服务器发送任何内容。',
    'SFTP サーバーのホスト鍵がまだ確認されていません。ソースでフィンガープリントを確かめて確認し、もう一度実行してください。サーバーには何も送っていません。',
  ),
  hostKeyChanged: entry(
    "The SFTP server showed a host key other than the confirmed one, so no password or key was sent and nothing was imported. If the partner changed the server's key, confirm the new fingerprint on the source.",
    'SFTP 服务器出示的主机密钥与已确认的不同，因此未发送密码或密钥，也未导入任何内容。如果对方更换了服务器密钥，请在数据源中确认新的指纹。',
    'SFTP サーバーが確認済みと異なるホスト鍵を示したため、パスワードや鍵は送らず、何もインポートしていません。相手がサーバーの鍵を変えた場合は、ソースで新しいフィンガープリントを確認してください。',
  ),
  ownAccountRole: entry(
    "A role in Herald's own AWS account cannot be assumed.",
    '不能使用 Herald 自身 AWS 账户中的角色。',
    'Herald 自身の AWS アカウントのロールは引き受けられません。',
  ),
  roleRefused: entry(
    "The role could not be assumed. Its trust policy must allow sts:AssumeRole to Herald's job role, on the condition that sts:ExternalId equals this source's external id (shown on the source).",
    '无法代入该角色。其信任策略必须允许 Herald 的任务角色执行 sts:AssumeRole，条件是 sts:ExternalId 等于此数据源的外部 ID（显示在数据源中）。',
    'ロールを引き受けられませんでした。信頼ポリシーで、sts:ExternalId がこのソースの外部 ID（ソースに表示）と等しいことを条件に、Herald のジョブロールに sts:AssumeRole を許可してください。',
  ),
  unreachable: entry('The server could not be reached.', '无法连接到服务器。', 'サーバーに接続できませんでした。'),
  addressRefused: OUTBOUND_TEXTS.addressRefused,
} as const;
