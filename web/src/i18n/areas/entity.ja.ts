/** The generic entity screens' texts in Japanese: the same keys and placeholders as ./entity.en.ts. */
import type { LocaleShape } from '../locales/en';
import type { EntityTexts } from './entity.en';

const entityJa: LocaleShape<EntityTexts> = {
  crud: {
    add: '{{one}}を作成',
    edit: '{{one}}を編集',
    created: '{{name}} を作成しました。',
    saved: '{{name}} を保存しました。',
    deleteTitle: '{{one}}を削除',
    deleteConfirm: '{{name}} を削除しますか？',
    deleted: '{{name}} を削除しました。',
    taken: 'この{{field}}は既に使われています。',
    choose: '選択してください…',
  },
  entity: {
    messageUnsubscription: {
      target: 'アドレス',
      channelName: 'チャネル',
      source: '理由',
    },
    templateCategory: {
      one: 'カテゴリ',
      intro: 'メッセージテンプレートを分類して探しやすくします。',
      empty: 'カテゴリはまだありません。',
      name: '名前',
      description: '説明',
    },
    planTag: {
      taken: 'このタグ名は既に使われています。',
      one: 'タグ',
      intro: 'タグを付けたメッセージは検索やレポートに使えます。',
      empty: 'タグはまだありません。',
      name: '名前',
      color: '色',
      description: '説明',
    },
    planCategory: {
      one: 'カテゴリ',
      intro: 'カテゴリで一覧やレポートのメッセージを整理します。',
      empty: 'カテゴリはまだありません。',
      name: '名前',
      description: '説明',
    },
    planGroup: {
      one: 'グループ',
      intro: 'グループで複数のメッセージをまとめて集計します。',
      empty: 'グループはまだありません。',
      name: '名前',
      description: '説明',
    },
    language: {
      one: '言語',
      intro: 'メッセージを書く言語です。1つが既定になります。',
      empty: '言語はまだありません。',
      name: '名前',
      code: 'コード',
      isDefault: '既定',
    },
    actionList: {
      one: 'アクション',
      intro: 'メッセージのボタンで使える名前付きのアクションです。',
      empty: 'アクションはまだありません。',
      name: '名前',
      code: 'コード',
      type: '種類',
      option: {
        type: {
          WEBSITE: 'Webサイトを開く',
          OPEN_PAGE: 'アプリ内のページを開く',
          CALL: '電話をかける',
          CLOSE: '閉じる',
          UPGRADE: 'アプリを更新',
          REQUIRE_LOGIN: 'サインインを求める',
        },
      },
    },
    company: {
      one: '会社',
      intro: 'ダイレクトメールの差出人です。メッセージの会社ステップで使います。',
      empty: '会社はまだありません。',
      company: '会社',
      directMailType: 'ダイレクトメールの種類',
      fullName: '正式名称',
      address: '住所',
      website: 'Webサイト',
      name: '担当者名',
      phone: '電話番号',
      email: 'メールアドレス',
      option: {
        directMailType: {
          LETTER: '封書',
          POSTCARD: 'はがき',
          CATALOG: 'カタログ',
          FLYER: 'チラシ',
        },
      },
    },
    kpiTarget: {
      one: '目標',
      intro: 'ダッシュボードが成果を測る目標です。',
      empty: '目標はまだありません。',
      name: '名前',
      metric: '指標',
      target: '目標値',
      period: '期間',
      option: {
        metric: {
          SENT: '送信数',
          OPEN_RATE: '開封率 (%)',
          CLICK_RATE: 'クリック率 (%)',
          CONVERSION_RATE: 'コンバージョン率 (%)',
          UNSUBSCRIBE_RATE: '配信停止率 (%)',
        },
        period: {
          MONTH: '月',
          QUARTER: '四半期',
          YEAR: '年',
        },
      },
    },
    geofenceTag: {
      taken: 'このタグ名は既に使われています。',
      one: 'ジオフェンスタグ',
      intro: 'ジオフェンスをまとめるタグです。',
      empty: 'ジオフェンスタグはまだありません。',
      name: '名前',
      color: '色',
    },
    beaconGroup: {
      taken: 'この名前は既に使われています。',
      one: 'ビーコングループ',
      intro: 'ビーコンが属するグループです。',
      empty: 'ビーコングループはまだありません。',
      name: '名前',
      description: '説明',
    },
  },
};

export default entityJa;
