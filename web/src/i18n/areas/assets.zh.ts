/** 资源管理的文本（中文）。 */
import type { LocaleShape } from '../locales/en';
import type { AssetTexts } from './assets.en';

const assetsZh: LocaleShape<AssetTexts> = {
  assets: {
    intro: '消息使用的图片和文件。公开文件有固定地址，可在任何消息中使用。',
    top: '资源',
    breadcrumb: '文件夹路径',
    newFolder: '新建文件夹',
    folderName: '文件夹名称',
    folderCreated: '已创建文件夹 {{name}}。',
    upload: '上传文件',
    uploading: '正在上传 {{count}} 个文件…',
    uploaded: '已上传 {{count}} 个文件。',
    refused: '未上传',
    name: '名称',
    size: '大小',
    updated: '更新时间 ({{zone}})',
    folder: '文件夹',
    open: '打开文件夹 {{name}}',
    copyLink: '复制 {{name}} 的链接',
    copied: '链接已复制。',
    copyFailed: '无法复制链接，请在地址栏中选中复制。',
    rename: '重命名 {{name}}',
    renameTitle: '重命名文件',
    newName: '新名称',
    renamed: '文件已重命名为 {{name}}。',
    deleteFile: '删除 {{name}}',
    deleteFolder: '删除文件夹 {{name}}',
    deleteTitle: '删除',
    deleteFileConfirm: '删除 {{name}}？使用其地址的消息将显示损坏的图片或链接。',
    deleteFolderConfirm: '删除空文件夹 {{name}}？',
    deleted: '已删除 {{name}}。',
    empty: '此文件夹为空。请上传文件或新建文件夹。',
    loadFailed: '无法读取此文件夹。',
    truncated: '此文件夹中的文件多于此处显示的数量。',
    limits: '图片：png、jpg 或 gif（非动画），最大 1MB。GIF 动画：最大 3MB。其他文件：最大 1MB；HTML 会清除脚本。',
    messages: {
      none: '请先上传文件。',
      tooLarge: '文件大小上限为 {{max}}，请重新上传！',
      wrongImage: '您需要重新上传图片！',
      wrongFile: '您需要重新上传文件！',
      badName: '名称不能包含 / \\ : * ? " < > | 或控制字符，也不能以点开头。',
    },
  },
};

export default assetsZh;
