import { zhCNFirstScreen } from './first-screen';
import { zhCNLater } from './later';

/** The whole Simplified Chinese catalogue (for types and tests); the app loads it in two chunks, first-screen.ts and later.ts. */
export const zhCN = { ...zhCNFirstScreen, ...zhCNLater } as const;
