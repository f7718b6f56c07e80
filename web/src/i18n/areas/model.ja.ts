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
    },
  },
};

export default modelJa;
