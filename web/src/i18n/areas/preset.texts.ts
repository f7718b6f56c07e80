/** The preset records screen's texts, English, Chinese and Japanese side by side. */
import { type SideBySide, t } from '../sideBySide';

const presetTexts = {
  preset: {
    noParameter: t(
      'Choose a preset parameter on its list to see its values.',
      '请在列表中选择一个预设参数以查看其值。',
      '一覧でプリセットパラメータを選ぶと、その値が表示されます。',
    ),
    back: t('Preset parameters', '预设参数', 'プリセットパラメータ'),
    usage: t('In a message: {{token}}', '在消息中：{{token}}', 'メッセージでの書き方: {{token}}'),
    add: t('Add value', '添加值', '値を追加'),
    search: t('Key starts with', '键的开头', 'キーの先頭'),
    find: t('Find', '查找', '検索'),
    loading: t('Loading values', '正在加载值', '値を読み込み中'),
    empty: t(
      "No values. Upload the parameter's file, or add a value.",
      '没有值。请上传参数的文件，或添加一个值。',
      '値がありません。パラメータのファイルをアップロードするか、値を追加してください。',
    ),
    key: t('Key', '键', 'キー'),
    alias: t('Alias', '别名', 'エイリアス'),
    value: t('Value', '值', '値'),
    more: t('Show more', '显示更多', 'さらに表示'),
    editItem: t('Edit {{alias}} of {{key}}', '编辑 {{key}} 的 {{alias}}', '{{key}} の {{alias}} を編集'),
    deleteItem: t('Delete {{alias}} of {{key}}', '删除 {{key}} 的 {{alias}}', '{{key}} の {{alias}} を削除'),
    deleteTitle: t('Delete value', '删除值', '値を削除'),
    deleteConfirm: t('Delete {{alias}} of {{key}}?', '删除 {{key}} 的 {{alias}}？', '{{key}} の {{alias}} を削除しますか？'),
    deleted: t('{{alias}} of {{key}} was deleted.', '已删除 {{key}} 的 {{alias}}。', '{{key}} の {{alias}} を削除しました。'),
    saved: t('{{alias}} of {{key}} was saved.', '已保存 {{key}} 的 {{alias}}。', '{{key}} の {{alias}} を保存しました。'),
    keyRequired: t('Please input the key!', '请输入键！', 'キーを入力してください！'),
    aliasRequired: t('Please input the alias!', '请输入别名！', 'エイリアスを入力してください！'),
  },
} satisfies SideBySide;

export default presetTexts;
