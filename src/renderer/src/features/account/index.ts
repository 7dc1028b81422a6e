// What other features and the shell use of the account feature (its screen loads on demand).
export { accountKeys, useAccount, useAccountEvents, useConnection, useConnectionMode, usePolicy, useSettings, useUpdateSettings } from './hooks';
export { accountStatusWord, formatYuan } from './format';
export { BalanceChip, DemoBadge } from './shell-slots';
export { ManagedFirstRun } from './managed-first-run';
