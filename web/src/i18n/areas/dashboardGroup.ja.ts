/** The dashboard groups' texts in Japanese: the same keys as ./dashboardGroup.en.ts. */
import type { LocaleShape } from '../locales/en';
import type { DashboardGroupTexts } from './dashboardGroup.en';

const dashboardGroupJa: LocaleShape<DashboardGroupTexts> = {
  entity: {
    dashboardGroup: {
      one: 'ダッシュボードグループ',
      intro: 'まとめて追うメッセージです。グループごとに専用のダッシュボードがあります。',
      empty: 'ダッシュボードグループはまだありません。',
      name: '名前',
      description: '説明',
      planIds: 'メッセージ',
    },
  },
  dashboardGroup: {
    open: '{{name}} のダッシュボードを開く',
    chooser: 'グループのダッシュボード',
    choose: 'グループを選択',
    manage: 'ダッシュボードグループを管理',
    none: 'ダッシュボードグループはまだありません。作成すると、複数のメッセージをまとめて追えます。',
    back: 'ダッシュボードグループ',
    intro: 'このグループのメッセージの数値のみを表示します。グループ内のメッセージ：{{n}} 件。',
    noneChosen: '数値を見るダッシュボードグループを選択してください。',
    unmeasured:
      'メッセージごとには、送信・失敗・バウンス・開封・クリックを 組織のタイムゾーンの日ごとに保存しています。配信停止と回答（--）、デバイス別の内訳、時間ごとの推移は全体のダッシュボードでのみ表示されます。',
    noOs: 'デバイス OS 別の内訳は組織全体についてのみ保存しています。',
  },
};

export default dashboardGroupJa;
