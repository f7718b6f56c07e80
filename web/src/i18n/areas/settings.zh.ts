/** The account settings' texts in Chinese: the same keys and placeholders as ./settings.en.ts. */
import type { LocaleShape } from '../locales/en';
import type { SettingsTexts } from './settings.en';

const settingsZh: LocaleShape<SettingsTexts> = {
  settings: {
    intro: '您的个人信息及门户使用偏好。',
    saved: '设置已保存。',
    choose: '请选择…',
    tabs: { myInfo: '我的信息', preferences: '偏好设置', notifications: '通知', alerts: '提醒', language: '语言' },
    emailHint: '新地址需在打开我们发送到该地址的链接后生效，届时所有设备都会退出登录。',
    currentPassword: '当前密码',
    emailPasswordHint: '请输入密码以更改登录地址。',
    emailConfirmSent: '确认链接已发送至 {{email}}。打开链接后地址才会更改。',
    defaultLandingPage: '默认首页',
    timeZone: '时区',
    timeZoneDefault: '组织默认（{{zone}}）',
    timeZoneBrowser: '组织默认（本浏览器的时区）',
    portalLanguage: '门户语言',
    notificationsTitle: '门户内通知',
    notificationsText: '选择通知铃铛提醒您的事项。',
    alertType: {
      APPROVAL_REQUEST: '有消息等待我审批',
      APPROVAL_RESULT: '我的消息已通过或被驳回',
      SEND_COMPLETED: '发送已完成',
      SEND_FAILED: '发送失败',
      IMPORT_FINISHED: '数据导入已完成',
      EXPORT_READY: '导出文件已就绪',
    },
    alertsTitle: '提醒邮件',
    alertsText: '提醒也会发送到这些地址。用逗号分隔地址或按回车。',
    alertEmails: '提醒邮件地址',
    languageTitle: '门户语言',
    languageText: '菜单、页面和提示的语言，立即生效。',
  },
};

export default settingsZh;
