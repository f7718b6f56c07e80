/** The presets' texts in Chinese. */
import type { LocaleShape } from '../locales/en';
import type { PresetTexts } from './presets.en';

const presetZh: LocaleShape<PresetTexts> = {
  entity: {
    preset: {
      one: '预设',
      intro: '可重复使用的内容和参数集，供模板和活动插入。预设模板是新预设的起点。',
      empty: '暂无预设。',
      taken: '已存在同名的预设。',
      name: '名称',
      categoryId: '分类',
      channel: '渠道',
      isTemplate: '预设模板',
      description: '描述',
      option: { channel: { ANY: '任意渠道', EMAIL: '电子邮件', PUSH_NATIVE: '推送', SMS: 'SMS', LINE: 'LINE', DIRECT_MAIL: '信件' } },
      builderItem: '在构建器中打开 {{name}}',
      fromTemplateItem: '从 {{name}} 新建预设',
    },
    presetCategory: {
      one: '分类',
      intro: '将预设分组，方便查找。',
      empty: '暂无分类。',
      name: '名称',
      description: '描述',
    },
  },
  presetBuilder: {
    back: '预设',
    newTitle: '新建预设',
    intro: '用区块组成预设，并选择其内容使用的预设参数，为每个参数设置默认值。',
    fromTemplate: '以预设模板 {{name}} 为起点。',
    details: '详情',
    content: '内容',
    parameters: '参数',
    parametersIntro: '没有该参数值的收件人将看到默认值。',
    noParameters: '暂无参数：添加参数后即可在内容中使用其值。',
    addParameter: '添加参数',
    parameter: '参数 {{position}}',
    column: '参数 {{position}} 的列',
    defaultValue: '参数 {{position}} 的默认值',
    insertToken: '插入 {{token}}',
    removeParameter: '删除参数 {{position}}',
    tokenInserted: '已插入 {{token}}。',
    saved: '{{name}} 已保存。',
    loadError: '无法加载该预设。',
  },
  presetPicker: {
    open: '插入预设',
    title: '插入预设',
    label: '预设',
    none: '此渠道暂无预设。',
    insert: '插入',
    inserted: '已插入 {{name}}。',
  },
};

export default presetZh;
