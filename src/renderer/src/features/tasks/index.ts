// What the Failures screen and the shell use of the tasks feature (its screen loads on demand).
export { useFailures, useResend, useTaskCounts, useTaskEvents } from './hooks';
export { localTime, isKnownCode, type KnownCode } from './format';
export { DemoTag, ShowDemoToggle, useShowDemo } from './demo';
export { FailureText } from './failure-text';
export { ServiceStatus } from './service-status';
