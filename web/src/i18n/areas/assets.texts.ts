/** The asset manager's texts, English, Chinese and Japanese side by side. */
import { type SideBySide, t } from '../sideBySide';

const assetsTexts = {
  assets: {
    intro: t(
      'Images and files for your messages. Public files have a stable address you can use in any message.',
      '消息使用的图片和文件。公开文件有固定地址，可在任何消息中使用。',
      'メッセージで使う画像とファイルです。公開ファイルには固定のアドレスがあり、どのメッセージでも使えます。',
    ),
    top: t('Assets', '资源', 'アセット'),
    breadcrumb: t('Folder path', '文件夹路径', 'フォルダーのパス'),
    newFolder: t('New folder', '新建文件夹', '新しいフォルダー'),
    folderName: t('Folder name', '文件夹名称', 'フォルダー名'),
    folderCreated: t('The folder {{name}} was created.', '已创建文件夹 {{name}}。', 'フォルダー {{name}} を作成しました。'),
    upload: t('Upload files', '上传文件', 'ファイルをアップロード'),
    uploading: t('Uploading {{count}} file(s)…', '正在上传 {{count}} 个文件…', '{{count}} 件のファイルをアップロードしています…'),
    uploaded: t('{{count}} file(s) uploaded.', '已上传 {{count}} 个文件。', '{{count}} 件のファイルをアップロードしました。'),
    refused: t('Not uploaded', '未上传', 'アップロードされなかったファイル'),
    name: t('Name', '名称', '名前'),
    size: t('Size', '大小', 'サイズ'),
    updated: t('Updated ({{zone}})', '更新时间 ({{zone}})', '更新日時 ({{zone}})'),
    folder: t('Folder', '文件夹', 'フォルダー'),
    open: t('Open folder {{name}}', '打开文件夹 {{name}}', 'フォルダー {{name}} を開く'),
    copyLink: t('Copy the link of {{name}}', '复制 {{name}} 的链接', '{{name}} のリンクをコピー'),
    copied: t('The link was copied.', '链接已复制。', 'リンクをコピーしました。'),
    copyFailed: t(
      'The link could not be copied; select it in the address field instead.',
      '无法复制链接，请在地址栏中选中复制。',
      'リンクをコピーできませんでした。アドレス欄で選択してコピーしてください。',
    ),
    rename: t('Rename {{name}}', '重命名 {{name}}', '{{name}} の名前を変更'),
    renameTitle: t('Rename file', '重命名文件', 'ファイル名の変更'),
    newName: t('New name', '新名称', '新しい名前'),
    renamed: t('The file is now called {{name}}.', '文件已重命名为 {{name}}。', 'ファイル名を {{name}} に変更しました。'),
    deleteFile: t('Delete {{name}}', '删除 {{name}}', '{{name}} を削除'),
    deleteFolder: t('Delete the folder {{name}}', '删除文件夹 {{name}}', 'フォルダー {{name}} を削除'),
    deleteTitle: t('Delete', '删除', '削除'),
    deleteFileConfirm: t(
      'Delete {{name}}? Messages that use its address will show a broken image or link.',
      '删除 {{name}}？使用其地址的消息将显示损坏的图片或链接。',
      '{{name}} を削除しますか？このアドレスを使うメッセージでは画像やリンクが表示されなくなります。',
    ),
    deleteFolderConfirm: t('Delete the empty folder {{name}}?', '删除空文件夹 {{name}}？', '空のフォルダー {{name}} を削除しますか？'),
    deleted: t('{{name}} was deleted.', '已删除 {{name}}。', '{{name}} を削除しました。'),
    empty: t(
      'This folder is empty. Upload files or create a folder.',
      '此文件夹为空。请上传文件或新建文件夹。',
      'このフォルダーは空です。ファイルをアップロードするか、フォルダーを作成してください。',
    ),
    loadFailed: t('The folder could not be read.', '无法读取此文件夹。', 'フォルダーを読み込めませんでした。'),
    truncated: t('The folder holds more files than are shown here.', '此文件夹中的文件多于此处显示的数量。', 'このフォルダーには、ここに表示されている以上のファイルがあります。'),
    limits: t(
      'Images: png, jpg or gif (not animated), up to 1MB. GIF animations: up to 3MB. Other files: up to 1MB; HTML is cleaned of scripts.',
      '图片：png、jpg 或 gif（非动画），最大 1MB。GIF 动画：最大 3MB。其他文件：最大 1MB；HTML 会清除脚本。',
      '画像：png、jpg、gif（アニメーションなし）、1MB まで。GIF アニメーション：3MB まで。その他のファイル：1MB まで。HTML はスクリプトを取り除きます。',
    ),
    messages: {
      none: t('Please upload a file first.', '请先上传文件。', '先にファイルをアップロードしてください。'),
      tooLarge: t(
        'The maximum file size is {{max}}, please re-upload!',
        '文件大小上限为 {{max}}，请重新上传！',
        'ファイルサイズの上限は {{max}} です。再アップロードしてください！',
      ),
      wrongImage: t('You need upload the image again!', '您需要重新上传图片！', '画像をもう一度アップロードしてください！'),
      wrongFile: t('You need upload the file again!', '您需要重新上传文件！', 'ファイルをもう一度アップロードしてください！'),
      badName: t(
        'The name may not hold / \\ : * ? " < > | or control characters, nor start with a dot.',
        '名称不能包含 / \\ : * ? " < > | 或控制字符，也不能以点开头。',
        '名前には / \\ : * ? " < > | や制御文字を使えず、ドットで始めることもできません。',
      ),
    },
  },
} satisfies SideBySide;

export default assetsTexts;
