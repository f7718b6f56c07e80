/** The models' texts in Chinese: the same keys as ./model.en.ts. */
import type { LocaleShape } from '../locales/en';
import type { ModelTexts } from './model.en';

const modelZh: LocaleShape<ModelTexts> = {
  entity: {
    model: {
      one: '模型',
      intro: '模型从云数据源读取数据；数据源的每次投递都是模型的一次运行，数据源设置为保留时需等待确认。',
      empty: '暂无模型。',
      name: '名称',
      description: '描述',
      cloudSourceId: '云数据源',
      fields: '记录的字段',
    },
  },
  /** the model's history and records (the cloud source's screens over the model operations) */
  modelRuns: {
    back: '模型',
    noModel: '请在模型列表中选择一个模型以查看其运行。',
    history: '{{name}} 的历史',
  },
};

export default modelZh;
