/**
 * The texts of the dashboard (/dashboard). Registered when the page loads (./dashboard.ts), so the
 * sign-in route does not carry them.
 * English, Chinese and Japanese side by side.
 */
import { type SideBySide, t } from '../sideBySide';

const dashboardTexts = {
  dashboard: {
    welcome: t('Welcome, {{name}}', '欢迎，{{name}}', 'ようこそ、{{name}} さん'),
    intro: t('Here is your workspace at a glance.', '这里是您的工作区概览。', 'ワークスペースの概要です。'),
    organization: t('Organization', '组织', '組織'),
    role: t('Role', '角色', 'ロール'),
    permissions: t('Permissions', '权限', '権限'),
    channels: t('Channels', '渠道', 'チャネル'),
    yourOrganizations: t('Your organizations', '您的组织', 'あなたの組織'),
    current: t('Current', '当前', '現在'),
    quickLinks: t('Where you can go', '可前往的页面', '移動できる画面'),
    noAreas: t(
      'Your role opens no other areas yet. Ask an administrator for permissions.',
      '您的角色暂未开放其他区域，请联系管理员分配权限。',
      'あなたのロールで開ける他の領域はまだありません。管理者に権限を依頼してください。',
    ),
    metrics: {
      title: t('Performance', '效果', 'パフォーマンス'),
      range: t('Date range', '日期范围', '期間'),
      preset: {
        TODAY: t('Today', '今天', '今日'),
        WEEK: t('1 week', '1 周', '1週間'),
        MONTH: t('1 month', '1 个月', '1か月'),
        QUARTER: t('3 months', '3 个月', '3か月'),
        YEAR: t('1 year', '1 年', '1年'),
        ALL: t('All', '全部', 'すべて'),
        CUSTOM: t('Custom', '自定义', 'カスタム'),
      },
      start: t('First day ({{zone}})', '第一天（{{zone}}）', '最初の日（{{zone}}）'),
      end: t('Last day ({{zone}})', '最后一天（{{zone}}）', '最後の日（{{zone}}）'),
      apply: t('Apply', '应用', '適用'),
      startBeforeEnd: t('The start date should be earlier than the end date!', '开始日期应早于结束日期！', '開始日は終了日より前にしてください！'),
      tooLong: t('At most {{max}} days on the dashboard.', '仪表板最多显示 {{max}} 天。', 'ダッシュボードの期間は {{max}} 日までです。'),
      resolution: t('Graph resolution', '图表精度', 'グラフの細かさ'),
      resolutions: {
        DEFAULT: t('Default', '默认', '標準'),
        FINE: t('Fine', '精细', '細かい'),
        COARSE: t('Coarse', '粗略', '粗い'),
      },
      messageType: t('Message type', '消息类型', 'メッセージの種類'),
      messageTypes: {
        '0': t('All types', '全部类型', 'すべての種類'),
        '1': t('Ad hoc', '临时', 'アドホック'),
        '2': t('Lifecycle', '生命周期', 'ライフサイクル'),
      },
      chartType: t('Chart type', '图表类型', 'グラフの種類'),
      chartTypes: {
        line: t('Line', '折线图', '折れ線'),
        bar: t('Bar', '柱状图', '棒'),
      },
      rangeShown: t(
        '{{start}} to {{end}} ({{timeZone}}), {{days}} days',
        '{{start}} 至 {{end}}（{{timeZone}}），共 {{days}} 天',
        '{{start}} から {{end}}（{{timeZone}}）、{{days}} 日間',
      ),
      loading: t('Loading the numbers…', '正在加载数据…', '数値を読み込んでいます…'),
      error: t('The numbers could not be loaded.', '无法加载数据。', '数値を読み込めませんでした。'),
      counts: {
        attempted: t('Total sent', '发送总数', '送信総数'),
        sent: t('Success', '成功', '成功'),
        delivered: t('Delivered', '送达', '配信'),
        failed: t('Failed', '失败', '失敗'),
        opens: t('Opened', '打开', '開封'),
        clicks: t('Clicked', '点击', 'クリック'),
        unsubscribes: t('Unsubscribes', '退订', '配信停止'),
        bounces: t('Bounces', '退信', 'バウンス'),
        likes: t('Likes', '点赞', 'いいね'),
      },
      rates: {
        deliveryRate: t('Delivery rate', '送达率', '配信率'),
        openRate: t('Open rate', '打开率', '開封率'),
        ctr: t('CTR', '点击率', 'クリック率'),
        unsubscribeRate: t('Unsubscribe rate', '退订率', '配信停止率'),
      },
      trendTitle: t('Over time', '趋势', '推移'),
      trendSummary: t(
        'From {{from}} to {{to}}: {{sent}} sent, {{opens}} opened, {{clicks}} clicked.',
        '从 {{from}} 到 {{to}}：发送 {{sent}}，打开 {{opens}}，点击 {{clicks}}。',
        '{{from}} から {{to}}：送信 {{sent}}、開封 {{opens}}、クリック {{clicks}}。',
      ),
      bucket: {
        HOUR: t('per hour ({{zone}})', '按小时（{{zone}}）', '1時間ごと（{{zone}}）'),
        DAY: t('per day ({{zone}})', '按天（{{zone}}）', '1日ごと（{{zone}}）'),
        WEEK: t('per week from Monday ({{zone}})', '按周，从周一开始（{{zone}}）', '月曜始まりの1週間ごと（{{zone}}）'),
        MONTH: t('per month ({{zone}})', '按月（{{zone}}）', '1か月ごと（{{zone}}）'),
      },
      funnelTitle: t('Funnel', '漏斗', 'ファネル'),
      funnelSummary: t(
        '{{sent}} sent, {{delivered}} delivered, {{opens}} opened, {{clicks}} clicked.',
        '发送 {{sent}}，送达 {{delivered}}，打开 {{opens}}，点击 {{clicks}}。',
        '送信 {{sent}}、配信 {{delivered}}、開封 {{opens}}、クリック {{clicks}}。',
      ),
      osTitle: t('Push by device OS', '按设备系统的推送', 'デバイス OS 別のプッシュ'),
      osSummary: t('Push messages per device OS: {{parts}}.', '各设备系统的推送消息：{{parts}}。', 'デバイス OS 別のプッシュメッセージ：{{parts}}。'),
      os: {
        IOS: t('iOS', 'iOS', 'iOS'),
        ANDROID: t('Android', 'Android', 'Android'),
        OTHER: t('Other', '其他', 'その他'),
      },
      noPush: t('No push messages in this range.', '此范围内没有推送消息。', 'この期間のプッシュメッセージはありません。'),
      channelName: {
        EMAIL: t('Email', '邮件', 'メール'),
        SMS: t('SMS', '短信', 'SMS'),
        PUSH_NATIVE: t('Push', '推送', 'プッシュ'),
        LINE: t('LINE', 'LINE', 'LINE'),
        DIRECT_MAIL: t('Direct mail', '直邮', 'ダイレクトメール'),
      },
      channelsTitle: t('By channel', '按渠道', 'チャネル別'),
      channel: t('Channel', '渠道', 'チャネル'),
      rankingTitle: t('Messages ranked by open rate', '按打开率排名的消息', '開封率順のメッセージ'),
      rankingHint: t(
        'Grades A to D compare each open rate with the average ({{average}}).',
        'A 至 D 等级将各消息的打开率与平均值（{{average}}）比较。',
        'A〜D の評価は各メッセージの開封率を平均（{{average}}）と比べたものです。',
      ),
      message: t('Message', '消息', 'メッセージ'),
      rank: t('Rank', '等级', '評価'),
      noMessages: t('No message was sent in this range.', '此范围内没有发送消息。', 'この期間に送信されたメッセージはありません。'),
      kpiTitle: t('KPI targets', 'KPI 目标', 'KPI 目標'),
      kpiNone: t('No targets yet.', '尚未设置目标。', '目標はまだありません。'),
      kpiSet: t('Set targets', '设置目标', '目標を設定'),
      kpiLine: t(
        '{{actual}} of {{target}} ({{start}} to {{end}}, {{zone}})',
        '{{actual}} / {{target}}（{{start}} 至 {{end}}，{{zone}}）',
        '{{target}} のうち {{actual}}（{{start}} から {{end}}、{{zone}}）',
      ),
      kpiMetric: {
        SENT: t('Sent', '发送数', '送信数'),
        OPEN_RATE: t('Open rate', '打开率', '開封率'),
        CLICK_RATE: t('Click rate', '点击率', 'クリック率'),
        CONVERSION_RATE: t('Conversion rate', '转化率', 'コンバージョン率'),
        UNSUBSCRIBE_RATE: t('Unsubscribe rate', '退订率', '配信停止率'),
      },
      period: {
        MONTH: t('this month', '本月', '今月'),
        QUARTER: t('this quarter', '本季度', '今四半期'),
        YEAR: t('this year', '今年', '今年'),
      },
      showTable: t('Show the numbers as a table', '以表格显示数据', '数値を表で表示'),
      time: t('Time ({{zone}})', '时间（{{zone}}）', '時刻（{{zone}}）'),
      value: t('Value', '数值', '値'),
    },
  },
} satisfies SideBySide;

export default dashboardTexts;
