import { enFirstScreen } from './first-screen';
import { enLater } from './later';

/** The whole English catalogue (for types and tests); the app loads it in two chunks, first-screen.ts and later.ts. */
export const en = { ...enFirstScreen, ...enLater } as const;
