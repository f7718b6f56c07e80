/**
 * The generic entity screens' list and dialog texts (add, edit, delete, secrets kept), shared by every
 * registry entity. Registered with the entity screens' texts (./entity.ts).
 * English, Chinese and Japanese side by side.
 */
import { type SideBySide, t } from '../sideBySide';

const entityCrudTexts = {
  crud: {
    secretKeep: t('Set: leave empty to keep it', '已设置：留空则保持不变', '設定済み：空欄のままなら変更しません'),
    secretNew: t('Not set', '未设置', '未設定'),
    headers: {
      key: t('Name of entry {{n}}', '第 {{n}} 项的名称', '項目 {{n}} の名前'),
      value: t('Value of entry {{n}}', '第 {{n}} 项的值', '項目 {{n}} の値'),
      place: t('Place of entry {{n}}', '第 {{n}} 项的位置', '項目 {{n}} の場所'),
      header: t('Header', '请求头', 'ヘッダー'),
      query: t('Query', '查询参数', 'クエリ'),
      remove: t('Remove entry {{n}}', '删除第 {{n}} 项', '項目 {{n}} を削除'),
      add: t('Add entry', '添加一项', '項目を追加'),
    },
    modelFields: {
      name: t('Name of field {{n}}', '字段 {{n}} 的名称', '項目 {{n}} の名前'),
      type: t('Type of field {{n}}', '字段 {{n}} 的类型', '項目 {{n}} の種類'),
      required: t('Field {{n}} is required', '字段 {{n}} 为必填', '項目 {{n}} は必須'),
      requiredShort: t('Required', '必填', '必須'),
      remove: t('Remove field {{n}}', '删除字段 {{n}}', '項目 {{n}} を削除'),
      add: t('Add field', '添加字段', '項目を追加'),
      types: {
        TEXT: t('Text', '文本', 'テキスト'),
        NUMBER: t('Number', '数字', '数値'),
        BOOLEAN: t('Yes/No', '是/否', 'はい/いいえ'),
        DATE: t('Date', '日期', '日付'),
      },
    },
    map: {
      tilePicture: t('Map (zoom {{zoom}}): click to place the point', '地图（缩放 {{zoom}}）：点击放置位置', '地図（ズーム {{zoom}}）: クリックで地点を置きます'),
      picture: t(
        'Map of latitude and longitude (zoom {{zoom}}): click to place the point',
        '经纬度地图（缩放 {{zoom}}）：点击放置位置',
        '緯度と経度の地図（ズーム {{zoom}}）: クリックで地点を置きます',
      ),
      hint: t(
        'Click the map to place the point, or type its latitude and longitude.',
        '点击地图放置位置，或输入纬度和经度。',
        '地図をクリックして地点を置くか、緯度と経度を入力してください。',
      ),
      at: t('{{latitude}}, {{longitude}}', '{{latitude}}, {{longitude}}', '{{latitude}}, {{longitude}}'),
      zoomIn: t('Zoom in', '放大', '拡大'),
      zoomOut: t('Zoom out', '缩小', '縮小'),
      center: t('Centre the map on the point', '将地图居中到该位置', '地点を地図の中央に'),
    },
    add: t('New {{one}}', '新建{{one}}', '{{one}}を作成'),
    edit: t('Edit {{one}}', '编辑{{one}}', '{{one}}を編集'),
    created: t('{{name}} was created.', '已创建 {{name}}。', '{{name}} を作成しました。'),
    saved: t('{{name}} was saved.', '已保存 {{name}}。', '{{name}} を保存しました。'),
    deleteTitle: t('Delete {{one}}', '删除{{one}}', '{{one}}を削除'),
    deleteConfirm: t('Delete {{name}}?', '删除 {{name}}？', '{{name}} を削除しますか？'),
    deleted: t('{{name}} was deleted.', '已删除 {{name}}。', '{{name}} を削除しました。'),
    taken: t('This {{field}} is already used.', '此{{field}}已被使用。', 'この{{field}}は既に使われています。'),
    choose: t('Select…', '请选择…', '選択してください…'),
  },
} satisfies SideBySide;

export default entityCrudTexts;
