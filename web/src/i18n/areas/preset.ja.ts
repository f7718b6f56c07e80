/** プリセットの値の画面の日本語テキスト。 */
const presetJa = {
  preset: {
    noParameter: '一覧でプリセットパラメータを選ぶと、その値が表示されます。',
    back: 'プリセットパラメータ',
    usage: 'メッセージでの書き方: {{token}}',
    add: '値を追加',
    search: 'キーの先頭',
    find: '検索',
    loading: '値を読み込み中',
    empty: '値がありません。パラメータのファイルをアップロードするか、値を追加してください。',
    key: 'キー',
    alias: 'エイリアス',
    value: '値',
    more: 'さらに表示',
    editItem: '{{key}} の {{alias}} を編集',
    deleteItem: '{{key}} の {{alias}} を削除',
    deleteTitle: '値を削除',
    deleteConfirm: '{{key}} の {{alias}} を削除しますか？',
    deleted: '{{key}} の {{alias}} を削除しました。',
    saved: '{{key}} の {{alias}} を保存しました。',
    keyRequired: 'キーを入力してください！',
    aliasRequired: 'エイリアスを入力してください！',
  },
};
export default presetJa;
