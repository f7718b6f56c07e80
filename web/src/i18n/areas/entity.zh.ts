/** The generic entity screens' texts in Chinese: the same keys and placeholders as ./entity.en.ts. */
import type { LocaleShape } from '../locales/en';
import type { EntityTexts } from './entity.en';

const entityZh: LocaleShape<EntityTexts> = {
  crud: {
    add: '新建{{one}}',
    edit: '编辑{{one}}',
    created: '已创建 {{name}}。',
    saved: '已保存 {{name}}。',
    deleteTitle: '删除{{one}}',
    deleteConfirm: '删除 {{name}}？',
    deleted: '已删除 {{name}}。',
    taken: '此{{field}}已被使用。',
    choose: '请选择…',
  },
  entity: {
    messageUnsubscription: {
      target: '地址',
      channelName: '渠道',
      source: '原因',
    },
    templateCategory: {
      one: '分类',
      intro: '将消息模板分组，便于查找。',
      empty: '暂无分类。',
      name: '名称',
      description: '描述',
    },
    planTag: {
      taken: '标签名称已被使用。',
      one: '标签',
      intro: '用标签标记消息，便于查找和统计。',
      empty: '暂无标签。',
      name: '名称',
      color: '颜色',
      description: '描述',
    },
    planCategory: {
      one: '分类',
      intro: '分类用于在列表和报表中整理消息。',
      empty: '暂无分类。',
      name: '名称',
      description: '描述',
    },
    planGroup: {
      one: '组',
      intro: '消息组可将多条消息合并统计。',
      empty: '暂无消息组。',
      name: '名称',
      description: '描述',
    },
    language: {
      one: '语言',
      intro: '消息内容使用的语言，其中一种为默认语言。',
      empty: '暂无语言。',
      name: '名称',
      code: '代码',
      isDefault: '默认',
    },
    actionList: {
      one: '动作',
      intro: '消息按钮可以使用的命名动作。',
      empty: '暂无动作。',
      name: '名称',
      code: '代码',
      type: '类型',
      option: {
        type: {
          WEBSITE: '打开网站',
          OPEN_PAGE: '打开应用内页面',
          CALL: '拨打电话',
          CLOSE: '关闭',
          UPGRADE: '升级应用',
          REQUIRE_LOGIN: '要求登录',
        },
      },
    },
    company: {
      one: '公司',
      intro: '直邮的寄件方，用于消息的公司步骤。',
      empty: '暂无公司。',
      company: '公司',
      directMailType: '直邮类型',
      fullName: '全称',
      address: '地址',
      website: '网站',
      name: '联系人',
      phone: '电话',
      email: '电子邮件',
      option: {
        directMailType: {
          LETTER: '信函',
          POSTCARD: '明信片',
          CATALOG: '目录',
          FLYER: '传单',
        },
      },
    },
    kpiTarget: {
      one: '目标',
      intro: '仪表板用于衡量结果的目标。',
      empty: '暂无目标。',
      name: '名称',
      metric: '指标',
      target: '目标值',
      period: '周期',
      option: {
        metric: {
          SENT: '发送数',
          OPEN_RATE: '打开率 (%)',
          CLICK_RATE: '点击率 (%)',
          CONVERSION_RATE: '转化率 (%)',
          UNSUBSCRIBE_RATE: '退订率 (%)',
        },
        period: {
          MONTH: '月',
          QUARTER: '季度',
          YEAR: '年',
        },
      },
    },
    geofenceTag: {
      taken: '标签名称已被使用。',
      one: '地理围栏标签',
      intro: '用于对地理围栏分组的标签。',
      empty: '暂无地理围栏标签。',
      name: '名称',
      color: '颜色',
    },
    beaconGroup: {
      taken: '该名称已被使用。',
      one: '信标分组',
      intro: '信标所属的分组。',
      empty: '暂无信标分组。',
      name: '名称',
      description: '描述',
    },
  },
};

export default entityZh;
