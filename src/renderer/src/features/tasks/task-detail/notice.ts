import type { SavedFile } from '@shared/ipc/channels/files';

/** What the last action in the detail said: a sentence, or a saved file with its folder. */
export type Notice = { tone: 'info' | 'bad'; text: string; saved?: SavedFile } | null;
