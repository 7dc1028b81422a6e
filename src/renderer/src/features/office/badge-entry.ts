// What the sidebar's Failures badge needs of the office (its count and whether the office answers), on its own so
// the first screen does not pull in the office's screens through ./index.ts (+40 KB gzipped before the first
// screen when the badge imported the index: the bench's `renderer` group).
export { useOfficeFailures, useOfficeOnline } from './queries';
