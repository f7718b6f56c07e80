/** 系统设置各开关的说明（中文）：每个开关的作用及其生效之处（docs/settings.md）。 */
const systemSettingZh = {
  systemSetting: {
    previewAppNameHint: '推送预览中通知上方显示的应用名称（留空时为 Herald）。',
    defaultCountryNotListed: '请从国家列表中选择默认国家，或将列表留空。',
    presets: {
      title: '功能分类预设',
      hint: '消息作者可一次应用的命名分类：分类、分组和标签。',
      name: '预设名称',
      category: '预设的分类',
      group: '预设的分组',
      tags: '预设的标签',
      remove: '删除预设',
      add: '添加预设',
    },
    hint: {
      singleMessageApprovalSheet: '开启：单条消息审批单的每位参与者都须通过。关闭：任一参与者通过即批准。',
      templateApprovalSheet: '开启：消息或活动只能在模板审批单通过后使用模板库中的模板。',
      languageAnalysis: '开启：账户未指定语言区域的收件人，将收到其账户所在国家主要语言的版本（如日本：日语），前提是模板有该语言。关闭：收到模板的默认语言版本。',
      apiPushCheckDeletedTemplate:
        '开启：由模板库模板创建的消息，在该模板被删除后，其 Webhook 调用（收件人操作触发器的 API 推送）将被拒绝（720003）。关闭：照常发送消息中保存的模板副本。',
      mutableContent: '开启：每条 iOS 推送都请求 mutable content，以便应用的通知服务扩展修改内容（带媒体或按钮时始终请求）。',
      ignoreAccountNotifySetting: '开启：推送消息也会发送给在应用中关闭了通知的账户；但不会发送给不允许通知的手机或已退订的地址。',
      convertHyperlink: '开启：消息中的链接以点击跟踪链接发送。关闭：链接按原样发送，不统计点击。',
      lifecycleSendingRules: '关闭：只有临时消息会等待免打扰时段结束并计入频率上限；生命周期消息（回执、提醒）立即发送。开启：两者都适用。',
      iotIdHash: '开启：应用发送的设备 ID 以其 SHA-256 哈希保存；应用仍使用自己的 ID 指代设备。',
    },
  },
};

export default systemSettingZh;
