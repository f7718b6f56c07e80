/** 报表页面（/plan-report）的中文文本。 */
const reportZh = {
  report: {
    plan: {
      intro: '按日期范围（UTC）比较消息：发送、失败、打开与点击。',
      messages: '消息',
      choose: '选择消息…',
      loading: '加载中…',
      noMessages: '暂无消息。',
      chooseMessages: '请至少选择一条消息！',
      tooMany: '一份报告最多 {{max}} 条消息。',
      slow: '已选择 {{count}} 条消息：超过 {{max}} 条消息的报告可能需要较长时间。',
      start: '开始日期（UTC）',
      end: '结束日期（UTC）',
      dateRequired: '请选择日期！',
      startBeforeEnd: '开始日期必须早于结束日期。',
      run: '生成报告',
      csv: '下载 CSV',
      word: '下载 Word',
      message: '消息',
      group: '分组',
      total: '合计',
      caption: '{{start}} 至 {{end}} 的计划报告',
    },
  },
};
export default reportZh;
