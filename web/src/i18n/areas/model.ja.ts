/** The models' texts in Japanese: the same keys as ./model.en.ts. */
import type { LocaleShape } from '../locales/en';
import type { ModelTexts } from './model.en';

const modelJa: LocaleShape<ModelTexts> = {
  entity: {
    model: {
      one: 'モデル',
      intro: 'モデルはクラウドソースから読み込みます。ソースの各配信がモデルの実行で、ソースが保留する場合は確認を待ちます。',
      empty: 'モデルはまだありません。',
      name: '名前',
      description: '説明',
      cloudSourceId: 'クラウドソース',
      fields: 'レコードの項目',
    },
  },
  /** the model's history and records (the cloud source's screens over the model operations) */
  modelRuns: {
    back: 'モデル',
    noModel: '実行を見るには一覧でモデルを選んでください。',
    history: '{{name}} の履歴',
  },
};

export default modelJa;
