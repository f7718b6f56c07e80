/** The presets' texts in Japanese. */
import type { LocaleShape } from '../locales/en';
import type { PresetTexts } from './presets.en';

const presetJa: LocaleShape<PresetTexts> = {
  entity: {
    preset: {
      one: 'プリセット',
      intro: 'テンプレートやキャンペーンに挿入できる、再利用可能なコンテンツとパラメータのセットです。プリセットテンプレートは新しいプリセットの出発点です。',
      empty: 'プリセットはまだありません。',
      taken: '同じ名前のプリセットがすでにあります。',
      name: '名前',
      categoryId: 'カテゴリ',
      channel: 'チャネル',
      isTemplate: 'プリセットテンプレート',
      description: '説明',
      option: { channel: { ANY: 'すべてのチャネル', EMAIL: 'メール', PUSH_NATIVE: 'プッシュ', SMS: 'SMS', LINE: 'LINE', DIRECT_MAIL: 'レター' } },
      builderItem: '{{name}} をビルダーで開く',
      fromTemplateItem: '{{name}} から新しいプリセットを作成',
    },
    presetCategory: {
      one: 'カテゴリ',
      intro: 'プリセットをグループにまとめて見つけやすくします。',
      empty: 'カテゴリはまだありません。',
      name: '名前',
      description: '説明',
    },
  },
  presetBuilder: {
    back: 'プリセット',
    newTitle: '新しいプリセット',
    intro: 'ブロックでプリセットを組み立て、コンテンツで使うプリセットパラメータとそれぞれのデフォルト値を選びます。',
    fromTemplate: 'プリセットテンプレート {{name}} から作成しています。',
    details: '詳細',
    content: 'コンテンツ',
    parameters: 'パラメータ',
    parametersIntro: 'パラメータの値がない受信者にはデフォルト値が表示されます。',
    noParameters: 'パラメータはまだありません。追加するとその値をコンテンツで使えます。',
    addParameter: 'パラメータを追加',
    parameter: 'パラメータ {{position}}',
    column: 'パラメータ {{position}} の列',
    defaultValue: 'パラメータ {{position}} のデフォルト値',
    insertToken: '{{token}} を挿入',
    removeParameter: 'パラメータ {{position}} を削除',
    tokenInserted: '{{token}} を挿入しました。',
    saved: '{{name}} を保存しました。',
    loadError: 'プリセットを読み込めませんでした。',
  },
  presetPicker: {
    open: 'プリセットを挿入',
    title: 'プリセットを挿入',
    label: 'プリセット',
    none: 'このチャネルのプリセットはまだありません。',
    insert: '挿入',
    inserted: '{{name}} を挿入しました。',
  },
};

export default presetJa;
