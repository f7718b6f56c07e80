/** The dashboard groups' texts: the generic screen's block for the `dashboardGroup` entity, the chooser and the sub-dashboard, English, Chinese and Japanese side by side. */
import { type SideBySide, t } from '../sideBySide';

const dashboardGroupTexts = {
  entity: {
    dashboardGroup: {
      one: t('dashboard group', '仪表盘分组', 'ダッシュボードグループ'),
      intro: t(
        'Messages you follow together, each group with a dashboard of its own.',
        '一起关注的消息，每个分组都有自己的仪表盘。',
        'まとめて追うメッセージです。グループごとに専用のダッシュボードがあります。',
      ),
      empty: t('No dashboard groups yet.', '还没有仪表盘分组。', 'ダッシュボードグループはまだありません。'),
      name: t('Name', '名称', '名前'),
      description: t('Description', '描述', '説明'),
      planIds: t('Messages', '消息', 'メッセージ'),
    },
  },
  dashboardGroup: {
    open: t('Open the dashboard of {{name}}', '打开 {{name}} 的仪表盘', '{{name}} のダッシュボードを開く'),
    chooser: t('Dashboard of a group', '分组仪表盘', 'グループのダッシュボード'),
    choose: t('Choose a group', '选择分组', 'グループを選択'),
    manage: t('Manage dashboard groups', '管理仪表盘分组', 'ダッシュボードグループを管理'),
    none: t(
      'No dashboard groups yet: make one to follow some messages together.',
      '还没有仪表盘分组：新建一个，把几条消息放在一起关注。',
      'ダッシュボードグループはまだありません。作成すると、複数のメッセージをまとめて追えます。',
    ),
    back: t('Dashboard groups', '仪表盘分组', 'ダッシュボードグループ'),
    intro: t(
      'The numbers of this group’s messages only. Messages in the group: {{n}}.',
      '仅显示本分组消息的数据。分组中的消息：{{n}} 条。',
      'このグループのメッセージの数値のみを表示します。グループ内のメッセージ：{{n}} 件。',
    ),
    noneChosen: t('Choose a dashboard group to see its numbers.', '请选择一个仪表盘分组以查看其数据。', '数値を見るダッシュボードグループを選択してください。'),
    unmeasured: t(
      'Per message, sends, failures, bounces, opens and clicks are kept for each day in the organization’s zone: unsubscribes and answers (--), the device split and hourly points are on the whole dashboard only.',
      '每条消息按组织时区的日期保存发送、失败、退信、打开和点击：退订和回应（--）、设备拆分以及按小时的数据点只在整体仪表盘上显示。',
      'メッセージごとには、送信・失敗・バウンス・開封・クリックを 組織のタイムゾーンの日ごとに保存しています。配信停止と回答（--）、デバイス別の内訳、時間ごとの推移は全体のダッシュボードでのみ表示されます。',
    ),
    noOs: t(
      'The split per device OS is kept for the whole organization only.',
      '按设备操作系统的拆分只为整个组织保存。',
      'デバイス OS 別の内訳は組織全体についてのみ保存しています。',
    ),
  },
} satisfies SideBySide;

export default dashboardGroupTexts;
