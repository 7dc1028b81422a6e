import type { FileDialogs } from '../../src/main/files/dialogs';

export interface ScriptedDialogs extends FileDialogs {
  /** the user's next answers, taken in order; with none left the user cancels */
  answers: { open: string[][]; save: string[]; folder: string[] };
  calls: Array<{ kind: 'open' | 'save' | 'folder' | 'show' | 'openPath'; detail: unknown }>;
}

/**
 * Stands in for the user at main's dialogs (Electron's dialog is the one
 * boundary we do not own). What it answers is what a user would pick; when
 * nothing is scripted the user cancels.
 */
export function scriptedDialogs(): ScriptedDialogs {
  const answers: ScriptedDialogs['answers'] = { open: [], save: [], folder: [] };
  const calls: ScriptedDialogs['calls'] = [];
  return {
    answers,
    calls,
    async openFiles(options) {
      calls.push({ kind: 'open', detail: options });
      return answers.open.shift() ?? [];
    },
    async saveFile(options) {
      calls.push({ kind: 'save', detail: options });
      return answers.save.shift() ?? null;
    },
    async chooseFolder(options) {
      calls.push({ kind: 'folder', detail: options });
      return answers.folder.shift() ?? null;
    },
    showInFolder(filePath) {
      calls.push({ kind: 'show', detail: filePath });
    },
    openPath(filePath) {
      calls.push({ kind: 'openPath', detail: filePath });
    },
  };
}
