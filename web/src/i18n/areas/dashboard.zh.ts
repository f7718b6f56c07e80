/** The dashboard's texts in Chinese: the same keys and placeholders as ./dashboard.en.ts. */
import type { LocaleShape } from '../locales/en';
import type { DashboardTexts } from './dashboard.en';

const dashboardZh: LocaleShape<DashboardTexts> = {
  dashboard: {
    welcome: '欢迎，{{name}}',
    intro: '这里是您的工作区概览。',
    organization: '组织',
    role: '角色',
    permissions: '权限',
    channels: '渠道',
    yourOrganizations: '您的组织',
    current: '当前',
    quickLinks: '可前往的页面',
    noAreas: '您的角色暂未开放其他区域，请联系管理员分配权限。',
  },
};

export default dashboardZh;
