/** The generic entity screens' list and dialog texts in Japanese: the same keys and placeholders as ./entityCrud.en.ts. */
import type { LocaleShape } from '../locales/en';
import type { EntityCrudTexts } from './entityCrud.en';

const entityCrudJa: LocaleShape<EntityCrudTexts> = {
  crud: {
    secretKeep: '設定済み：空欄のままなら変更しません',
    secretNew: '未設定',
    headers: {
      key: '項目 {{n}} の名前',
      value: '項目 {{n}} の値',
      place: '項目 {{n}} の場所',
      header: 'ヘッダー',
      query: 'クエリ',
      remove: '項目 {{n}} を削除',
      add: '項目を追加',
    },
    modelFields: {
      name: '項目 {{n}} の名前',
      type: '項目 {{n}} の種類',
      required: '項目 {{n}} は必須',
      requiredShort: '必須',
      remove: '項目 {{n}} を削除',
      add: '項目を追加',
      types: { TEXT: 'テキスト', NUMBER: '数値', BOOLEAN: 'はい/いいえ', DATE: '日付' },
    },
    map: {
      tilePicture: '地図（ズーム {{zoom}}）: クリックで地点を置きます',
      picture: '緯度と経度の地図（ズーム {{zoom}}）: クリックで地点を置きます',
      hint: '地図をクリックして地点を置くか、緯度と経度を入力してください。',
      at: '{{latitude}}, {{longitude}}',
      zoomIn: '拡大',
      zoomOut: '縮小',
      center: '地点を地図の中央に',
    },
    add: '{{one}}を作成',
    edit: '{{one}}を編集',
    created: '{{name}} を作成しました。',
    saved: '{{name}} を保存しました。',
    deleteTitle: '{{one}}を削除',
    deleteConfirm: '{{name}} を削除しますか？',
    deleted: '{{name}} を削除しました。',
    taken: 'この{{field}}は既に使われています。',
    choose: '選択してください…',
  },
};

export default entityCrudJa;
