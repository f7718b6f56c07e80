/** アセット管理のテキスト（日本語）。 */
import type { LocaleShape } from '../locales/en';
import type { AssetTexts } from './assets.en';

const assetsJa: LocaleShape<AssetTexts> = {
  assets: {
    intro: 'メッセージで使う画像とファイルです。公開ファイルには固定のアドレスがあり、どのメッセージでも使えます。',
    top: 'アセット',
    breadcrumb: 'フォルダーのパス',
    newFolder: '新しいフォルダー',
    folderName: 'フォルダー名',
    folderCreated: 'フォルダー {{name}} を作成しました。',
    upload: 'ファイルをアップロード',
    uploading: '{{count}} 件のファイルをアップロードしています…',
    uploaded: '{{count}} 件のファイルをアップロードしました。',
    refused: 'アップロードされなかったファイル',
    name: '名前',
    size: 'サイズ',
    updated: '更新日時 ({{zone}})',
    folder: 'フォルダー',
    open: 'フォルダー {{name}} を開く',
    copyLink: '{{name}} のリンクをコピー',
    copied: 'リンクをコピーしました。',
    copyFailed: 'リンクをコピーできませんでした。アドレス欄で選択してコピーしてください。',
    rename: '{{name}} の名前を変更',
    renameTitle: 'ファイル名の変更',
    newName: '新しい名前',
    renamed: 'ファイル名を {{name}} に変更しました。',
    deleteFile: '{{name}} を削除',
    deleteFolder: 'フォルダー {{name}} を削除',
    deleteTitle: '削除',
    deleteFileConfirm: '{{name}} を削除しますか？このアドレスを使うメッセージでは画像やリンクが表示されなくなります。',
    deleteFolderConfirm: '空のフォルダー {{name}} を削除しますか？',
    deleted: '{{name}} を削除しました。',
    empty: 'このフォルダーは空です。ファイルをアップロードするか、フォルダーを作成してください。',
    loadFailed: 'フォルダーを読み込めませんでした。',
    truncated: 'このフォルダーには、ここに表示されている以上のファイルがあります。',
    limits: '画像：png、jpg、gif（アニメーションなし）、1MB まで。GIF アニメーション：3MB まで。その他のファイル：1MB まで。HTML はスクリプトを取り除きます。',
    messages: {
      none: '先にファイルをアップロードしてください。',
      tooLarge: 'ファイルサイズの上限は {{max}} です。再アップロードしてください！',
      wrongImage: '画像をもう一度アップロードしてください！',
      wrongFile: 'ファイルをもう一度アップロードしてください！',
      badName: '名前には / \\ : * ? " < > | や制御文字を使えず、ドットで始めることもできません。',
    },
  },
};

export default assetsJa;
