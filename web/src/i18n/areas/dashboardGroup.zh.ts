/** The dashboard groups' texts in Chinese: the same keys as ./dashboardGroup.en.ts. */
import type { LocaleShape } from '../locales/en';
import type { DashboardGroupTexts } from './dashboardGroup.en';

const dashboardGroupZh: LocaleShape<DashboardGroupTexts> = {
  entity: {
    dashboardGroup: {
      one: '仪表盘分组',
      intro: '一起关注的消息，每个分组都有自己的仪表盘。',
      empty: '还没有仪表盘分组。',
      name: '名称',
      description: '描述',
      planIds: '消息',
    },
  },
  dashboardGroup: {
    open: '打开 {{name}} 的仪表盘',
    chooser: '分组仪表盘',
    choose: '选择分组',
    manage: '管理仪表盘分组',
    none: '还没有仪表盘分组：新建一个，把几条消息放在一起关注。',
    back: '仪表盘分组',
    intro: '仅显示本分组消息的数据。分组中的消息：{{n}} 条。',
    noneChosen: '请选择一个仪表盘分组以查看其数据。',
    unmeasured: '每条消息按组织时区的日期保存发送、失败、退信、打开和点击：退订和回应（--）、设备拆分以及按小时的数据点只在整体仪表盘上显示。',
    noOs: '按设备操作系统的拆分只为整个组织保存。',
  },
};

export default dashboardGroupZh;
