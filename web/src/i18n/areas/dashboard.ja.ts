/** The dashboard's texts in Japanese: the same keys and placeholders as ./dashboard.en.ts. */
import type { LocaleShape } from '../locales/en';
import type { DashboardTexts } from './dashboard.en';

const dashboardJa: LocaleShape<DashboardTexts> = {
  dashboard: {
    welcome: 'ようこそ、{{name}} さん',
    intro: 'ワークスペースの概要です。',
    organization: '組織',
    role: 'ロール',
    permissions: '権限',
    channels: 'チャネル',
    yourOrganizations: 'あなたの組織',
    current: '現在',
    quickLinks: '移動できる画面',
    noAreas: 'あなたのロールで開ける他の領域はまだありません。管理者に権限を依頼してください。',
  },
};

export default dashboardJa;
