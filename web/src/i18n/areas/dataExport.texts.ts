/** The data export screen's texts, English, Chinese and Japanese side by side. */
import { type SideBySide, t } from '../sideBySide';

const dataExportTexts = {
  export: {
    field: {
      title: t('Title', '标题', 'タイトル'),
      exportType: t('Export type', '导出类型', 'エクスポートの種類'),
      state: t('State', '状态', '状態'),
      rows: t('Records', '记录数', '件数'),
    },
  },
  dataExport: {
    intro: t(
      'Export accounts or the unsubscription list as a CSV file. An export holds at most {{cap}} records; files download by a link that works for 15 minutes.',
      '将账户或退订名单导出为 CSV 文件。每次导出最多 {{cap}} 条记录；文件下载链接 15 分钟内有效。',
      'アカウントまたは配信停止リストを CSV ファイルでエクスポートします。1 回のエクスポートは最大 {{cap}} 件で、ダウンロードリンクは 15 分間有効です。',
    ),
    new: t('New export', '新建导出', '新しいエクスポート'),
    start: t('Start export', '开始导出', 'エクスポートを開始'),
    started: t(
      'The export "{{title}}" started. Its file appears here when it is ready.',
      '导出“{{title}}”已开始。文件准备好后会显示在这里。',
      'エクスポート「{{title}}」を開始しました。ファイルの準備ができるとここに表示されます。',
    ),
    empty: t('No exports yet.', '尚无导出。', 'エクスポートはまだありません。'),
    segment: t('Segment', '分群', 'セグメント'),
    allAccounts: t('All accounts', '全部账户', 'すべてのアカウント'),
    columns: t('Columns', '列', '列'),
    allColumns: t('All columns', '全部列', 'すべての列'),
    type: {
      ACCOUNTS: t('Accounts', '账户', 'アカウント'),
      UNSUBSCRIPTIONS: t('Unsubscriptions', '退订', '配信停止'),
    },
    state: {
      RUNNING: t('Running', '进行中', '実行中'),
      DONE: t('Ready', '已完成', '完了'),
      EMPTY: t('No data', '无数据', 'データなし'),
      FAILED: t('Failed', '失败', '失敗'),
    },
    cappedTag: t('Capped', '已截断', '上限あり'),
    capped: t(
      'the file holds the first {{cap}} records (exports are capped); narrow it down with a segment to get the rest.',
      '文件仅包含前 {{cap}} 条记录（导出有上限）；请用分群缩小范围以导出其余记录。',
      'ファイルには先頭の {{cap}} 件のみが含まれます（エクスポートの上限）。残りはセグメントで絞り込んでエクスポートしてください。',
    ),
    noData: t('{{title}}: There is no data to export!', '{{title}}：没有可导出的数据！', '{{title}}: エクスポートするデータがありません！'),
    failed: t('{{title}} failed: {{error}}', '{{title}} 失败：{{error}}', '{{title}} は失敗しました: {{error}}'),
    downloadItem: t('Download {{title}}', '下载 {{title}}', '{{title}} をダウンロード'),
    deleteTitle: t('Delete export', '删除导出', 'エクスポートを削除'),
    deleteConfirm: t('Delete the export "{{title}}" and its file?', '删除导出“{{title}}”及其文件？', 'エクスポート「{{title}}」とそのファイルを削除しますか？'),
    deleted: t('The export "{{title}}" was deleted.', '导出“{{title}}”已删除。', 'エクスポート「{{title}}」を削除しました。'),
    column: {
      id: t('ID', 'ID', 'ID'),
      email: t('Email', '邮箱', 'メール'),
      firstName: t('First name', '名', '名'),
      lastName: t('Last name', '姓', '姓'),
      locale: t('Locale', '区域设置', 'ロケール'),
      timeZone: t('Time zone', '时区', 'タイムゾーン'),
      country: t('Country', '国家/地区', '国'),
      tags: t('Tags', '标签', 'タグ'),
      attributes: t('Attributes (one column each)', '属性（每个一列）', '属性（属性ごとに 1 列）'),
      emailConsent: t('Email consent', '邮件同意', 'メールの同意'),
      smsConsent: t('SMS consent', '短信同意', 'SMS の同意'),
      pushConsent: t('Push consent', '推送同意', 'プッシュの同意'),
      lineConsent: t('LINE consent', 'LINE 同意', 'LINE の同意'),
      dateCreated: t('Created', '创建时间', '作成日時'),
      dateUpdated: t('Updated', '更新时间', '更新日時'),
      channelName: t('Channel', '渠道', 'チャネル'),
      target: t('Address', '地址', 'アドレス'),
      source: t('Why', '原因', '理由'),
    },
  },
} satisfies SideBySide;

export default dataExportTexts;
