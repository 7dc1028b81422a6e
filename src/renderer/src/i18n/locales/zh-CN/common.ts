import type { DeepStrings } from '../../types';
import type { common as en } from '../en/common';

export const common: DeepStrings<typeof en> = {
  appName: 'FaxDesk 传真',
  skipToContent: '跳到主要内容',
  taskEnded: {
    region: '传真结果',
    delivered_one: '传真“{{name}}”已送达 {{count}} 个号码。',
    delivered_other: '传真“{{name}}”已送达 {{count}} 个号码。',
    partlyFailed: '传真“{{name}}”：{{total}} 个号码中 {{success}} 个成功，{{failed}} 个失败。',
    failed: '传真“{{name}}”的 {{total}} 个号码全部发送失败。',
    view: '查看',
    dismiss: '关闭',
  },
  nav: {
    label: '主导航',
    send: '发送',
    tasks: '任务',
    failures: '失败',
    phonebook: '电话簿',
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
  startup: {
    label: '启动提示',
    dismiss: '知道了',
    what: {
      history: '任务记录',
      phonebook: '通讯录',
      settings: '设置',
      demo: '演示服务数据',
    },
    damaged: 'FaxDesk 无法读取{{what}}，已新建一份。旧文件已保留（未删除）：{{keptAt}}',
    newer: '您的{{what}}由更新版本的 FaxDesk 保存，本版本未改动它（位于 {{keptAt}}）。在您更新 FaxDesk 之前，本版本把{{what}}另存于 {{usingInstead}}。',
    newerNoFallback: '您的{{what}}由更新版本的 FaxDesk 保存，本版本未改动它（位于 {{keptAt}}）。请更新 FaxDesk；在此之前，所做的更改只保留到退出为止。',
    unavailable: 'FaxDesk 无法打开{{what}}（{{keptAt}}，原因：{{reason}}）。所做的更改只保留到退出为止。请确认磁盘未满且该文件夹可写入，然后重新启动 FaxDesk。',
    policy: {
      unreadable: '无法读取管理员的策略文件 {{file}}（{{detail}}），未应用该策略。请告知 IT 部门。',
      malformed: '管理员的策略文件 {{file}} 不是有效的 JSON（{{detail}}），未应用该策略。请告知 IT 部门。',
      unsafe_owner: '已忽略策略文件 {{file}}：该文件{{detail}}。策略文件必须属于管理员且其他人不可写入。请告知 IT 部门。',
      unknown_key: '策略文件 {{file}} 中有 FaxDesk 不认识的设置项“{{key}}”，已忽略该项，其余策略已应用。请告知 IT 部门。',
      bad_value: '策略文件 {{file}} 中“{{key}}”的值无法使用（{{detail}}），已忽略该项，其余策略已应用。请告知 IT 部门。',
    },
  },
};
