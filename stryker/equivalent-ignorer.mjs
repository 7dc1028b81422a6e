// Stryker ignore-plugin: the mutants listed in stryker/equivalent.mjs (equivalent ones, each with its
// reason) are not generated. An entry names the file, the line and the exact code of the node whose
// mutants are equivalent; when the code moves or changes, the entry no longer matches and the mutant
// comes back, to be looked at again.
import fs from 'node:fs';
import path from 'node:path';
import { declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';
import { equivalent } from './equivalent.mjs';

const texts = new Map();
const textOf = (file) => {
  if (!texts.has(file)) texts.set(file, fs.readFileSync(path.resolve(file), 'utf8'));
  return texts.get(file);
};

class EquivalentIgnorer {
  shouldIgnore(nodePath) {
    const { node } = nodePath;
    if (!node.loc || node.start == null || node.end == null) return undefined;
    for (const e of equivalent) {
      if (node.loc.start.line !== e.line) continue;
      if (textOf(e.file).slice(node.start, node.end) === e.code) return `equivalent: ${e.reason}`;
    }
    return undefined;
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Ignore, 'faxdesk-equivalent', EquivalentIgnorer)];
