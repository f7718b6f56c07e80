/** システム設定の各スイッチの説明（日本語）：各スイッチの働きと適用箇所（docs/settings.md）。 */
const systemSettingJa = {
  systemSetting: {
    previewAppNameHint: 'プッシュのプレビューで通知の上に表示するアプリ名（空欄のときは Herald）。',
    defaultCountryNotListed: 'デフォルトの国は国リストから選ぶか、リストを空にしてください。',
    presets: {
      title: '機能カテゴリのプリセット',
      hint: 'メッセージの作成者が一度に適用できる名前付きの分類：カテゴリ、グループ、タグ。',
      name: 'プリセット名',
      category: 'プリセットのカテゴリ',
      group: 'プリセットのグループ',
      tags: 'プリセットのタグ',
      remove: 'プリセットを削除',
      add: 'プリセットを追加',
    },
    hint: {
      singleMessageApprovalSheet: 'オン：単発メッセージの承認シートは参加者全員の承認が必要です。オフ：参加者1人の承認で承認されます。',
      templateApprovalSheet: 'オン：メッセージやキャンペーンは、承認シートが通ったライブラリのテンプレートだけを使えます。',
      languageAnalysis:
        'オン：ロケールのないアカウントには、アカウントの国の主要言語（日本なら日本語）で送ります（テンプレートにその言語があるとき）。オフ：テンプレートのデフォルト言語で送ります。',
      apiPushCheckDeletedTemplate:
        'オン：ライブラリのテンプレートから作ったメッセージは、そのテンプレートが削除されると Webhook 呼び出し（受信者アクションのトリガーの API プッシュ）を拒否します（720003）。オフ：メッセージ内のテンプレートのコピーを送ります。',
      mutableContent: 'オン：すべての iOS プッシュで mutable content を要求し、アプリの通知サービス拡張が内容を変更できます（メディアやボタンがあるときは常に要求）。',
      ignoreAccountNotifySetting: 'オン：アプリで通知をオフにしたアカウントにもプッシュを送ります。通知を許可していない端末や配信停止済みのアドレスには送りません。',
      convertHyperlink: 'オン：メッセージ内のリンクをクリック計測用のリンクにして送ります。オフ：リンクはそのまま送られ、クリックは数えられません。',
      iotIdHash: 'オン：アプリが送る端末 ID を SHA-256 ハッシュで保存します。アプリは引き続き自分の ID で端末を指定できます。',
    },
  },
};

export default systemSettingJa;
