import type { DeepStrings } from '../../types';
import type { common as en } from '../en/common';

export const common: DeepStrings<typeof en> = {
  appName: 'FaxDesk 传真',
  nav: {
    label: '主导航',
    send: '发送',
    tasks: '任务',
    failures: '失败',
    account: '账户',
    settings: '设置',
  },
  loading: '加载中…',
  retry: '重试',
  close: '关闭',
  cancel: '取消',
  save: '保存',
  language: {
    label: '语言',
    system: '跟随系统',
    en: 'English',
    zhCN: '简体中文',
  },
  errors: {
    bridgeMissing: 'FaxDesk 无法连接主进程，请重新启动应用。',
    generic: '出错了：{{message}}',
  },
  files: {
    savedIn: '已保存为“{{name}}”，位于 {{folder}}。',
    open: '打开',
    showInFolder: '在文件夹中显示',
  },
  placeholder: {
    title: '{{screen}}',
    body: '此页面正在建设中。',
  },
};
