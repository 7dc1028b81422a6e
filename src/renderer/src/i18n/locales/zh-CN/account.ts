import type { DeepStrings } from '../../types';
import type { account as en } from '../en/account';

export const account: DeepStrings<typeof en> = {
  title: '账户',
  demoBadge: '演示',
  demoBadgeHint: '演示模式：传真发送到内置模拟器。请在“设置”中连接您的账户。',
  connectAccount: '连接您的账户',
  balance: '余额',
  balanceShort: '余额 {{amount}}',
  status: '状态',
  statusBadge: {
    active: '正常',
    suspended: '已暂停',
    inactive: '未激活',
  },
  statusValue: {
    active: '可以发送传真。',
    suspended: '发送已暂停，请联系服务商。',
    inactive: '请在管理后台激活账户。',
  },
  spentLast30: '最近 30 天支出',
  spentThisMonth: '本月支出',
  spentHint: '（从本机发送、由服务计费的传真）',
  name: '名称',
  uid: '组织 ID',
  webhook: '回调地址（Webhook）',
  webhookNone: '未配置',
  updatedAt: '服务端最后更新',
  checkedAt: 'FaxDesk 查询时间',
  createdAt: '账户创建时间',
  refresh: '刷新',
  demoNotice: '您正处于演示模式。所有功能均可使用，但传真发送到本机的模拟器，余额不是真实的。',
  lowBalance: '余额不足：剩余 {{amount}}（低于 {{threshold}} 时提醒）。发送大批量传真前请先充值。',
  loadFailed: '无法加载账户信息。',
  managedFirstRun: {
    title: '连接 FaxDesk',
    intro: '管理员已为 {{origin}} 的传真服务配置好 FaxDesk（API 密钥 {{apiKey}}）。请输入您收到的 API 秘钥，即可开始发送。',
    secret: 'API 秘钥',
    hint: 'FaxDesk 会先向传真服务验证它，再保存在系统钥匙串中，此后不再显示。',
    connect: '连接',
    connecting: '正在验证…',
  },
};
