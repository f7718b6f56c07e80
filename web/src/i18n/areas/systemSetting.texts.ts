/** The system setting's switch hints: what each switch does where it is enforced (docs/settings.md), English, Chinese and Japanese side by side. */
import { type SideBySide, t } from '../sideBySide';

const systemSettingTexts = {
  systemSetting: {
    previewAppNameHint: t(
      'The app name the push preview shows above a notification (Herald when empty).',
      '推送预览中通知上方显示的应用名称（留空时为 Herald）。',
      'プッシュのプレビューで通知の上に表示するアプリ名（空欄のときは Herald）。',
    ),
    defaultCountryNotListed: t(
      'Choose the default country from the country list, or leave the list empty.',
      '请从国家列表中选择默认国家，或将列表留空。',
      'デフォルトの国は国リストから選ぶか、リストを空にしてください。',
    ),
    presets: {
      title: t('Feature category presets', '功能分类预设', '機能カテゴリのプリセット'),
      hint: t(
        "Named classifications a message's author applies in one pick: a category, a group and tags.",
        '消息作者可一次应用的命名分类：分类、分组和标签。',
        'メッセージの作成者が一度に適用できる名前付きの分類：カテゴリ、グループ、タグ。',
      ),
      name: t('Preset name', '预设名称', 'プリセット名'),
      category: t('Category of preset', '预设的分类', 'プリセットのカテゴリ'),
      group: t('Group of preset', '预设的分组', 'プリセットのグループ'),
      tags: t('Tags of preset', '预设的标签', 'プリセットのタグ'),
      remove: t('Remove preset', '删除预设', 'プリセットを削除'),
      add: t('Add preset', '添加预设', 'プリセットを追加'),
    },
    hint: {
      singleMessageApprovalSheet: t(
        "On: every participant of a single message's approval sheet must pass it. Off: one participant's pass approves it.",
        '开启：单条消息审批单的每位参与者都须通过。关闭：任一参与者通过即批准。',
        'オン：単発メッセージの承認シートは参加者全員の承認が必要です。オフ：参加者1人の承認で承認されます。',
      ),
      templateApprovalSheet: t(
        'On: a message or campaign uses a library template only after its approval sheet passed.',
        '开启：消息或活动只能在模板审批单通过后使用模板库中的模板。',
        'オン：メッセージやキャンペーンは、承認シートが通ったライブラリのテンプレートだけを使えます。',
      ),
      languageAnalysis: t(
        "On: a recipient whose account names no locale gets the message in the main language of the account's country (Japan: Japanese), when the template has it. Off: in the template's default language.",
        '开启：账户未指定语言区域的收件人，将收到其账户所在国家主要语言的版本（如日本：日语），前提是模板有该语言。关闭：收到模板的默认语言版本。',
        'オン：ロケールのないアカウントには、アカウントの国の主要言語（日本なら日本語）で送ります（テンプレートにその言語があるとき）。オフ：テンプレートのデフォルト言語で送ります。',
      ),
      apiPushCheckDeletedTemplate: t(
        "On: a webhook call (the API push of a recipient-action trigger) of a message made from a library template is refused (720003) once that template is deleted. Off: the message's copy of the template is sent.",
        '开启：由模板库模板创建的消息，在该模板被删除后，其 Webhook 调用（收件人操作触发器的 API 推送）将被拒绝（720003）。关闭：照常发送消息中保存的模板副本。',
        'オン：ライブラリのテンプレートから作ったメッセージは、そのテンプレートが削除されると Webhook 呼び出し（受信者アクションのトリガーの API プッシュ）を拒否します（720003）。オフ：メッセージ内のテンプレートのコピーを送ります。',
      ),
      mutableContent: t(
        "On: every iOS push asks for mutable content, so the app's notification service extension can change it (always with media or buttons).",
        '开启：每条 iOS 推送都请求 mutable content，以便应用的通知服务扩展修改内容（带媒体或按钮时始终请求）。',
        'オン：すべての iOS プッシュで mutable content を要求し、アプリの通知サービス拡張が内容を変更できます（メディアやボタンがあるときは常に要求）。',
      ),
      ignoreAccountNotifySetting: t(
        'On: push messages also reach accounts that turned notifications off in the app; never a phone that does not allow notifications, nor an unsubscribed address.',
        '开启：推送消息也会发送给在应用中关闭了通知的账户；但不会发送给不允许通知的手机或已退订的地址。',
        'オン：アプリで通知をオフにしたアカウントにもプッシュを送ります。通知を許可していない端末や配信停止済みのアドレスには送りません。',
      ),
      convertHyperlink: t(
        'On: links in messages go out as click-tracking links. Off: they go out as written and their clicks are not counted.',
        '开启：消息中的链接以点击跟踪链接发送。关闭：链接按原样发送，不统计点击。',
        'オン：メッセージ内のリンクをクリック計測用のリンクにして送ります。オフ：リンクはそのまま送られ、クリックは数えられません。',
      ),
      lifecycleSendingRules: t(
        'Off: only ad hoc messages wait for quiet hours to end and count against frequency caps; lifecycle messages (receipts, reminders) go at once. On: both do.',
        '关闭：只有临时消息会等待免打扰时段结束并计入频率上限；生命周期消息（回执、提醒）立即发送。开启：两者都适用。',
        'オフ：アドホックメッセージだけがおやすみ時間の終わりを待ち、頻度上限に数えられます。ライフサイクルメッセージ（受領確認、リマインダー）はすぐに送られます。オン：両方に適用されます。',
      ),
      iotIdHash: t(
        'On: the device ids apps send are kept as their SHA-256 hash; the apps keep naming devices by their own ids.',
        '开启：应用发送的设备 ID 以其 SHA-256 哈希保存；应用仍使用自己的 ID 指代设备。',
        'オン：アプリが送る端末 ID を SHA-256 ハッシュで保存します。アプリは引き続き自分の ID で端末を指定できます。',
      ),
    },
  },
} satisfies SideBySide;

export default systemSettingTexts;
