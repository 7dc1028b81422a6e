export function aliasFor(file: string, spec: string, aliases: Array<{ name: string; dir: string }>): string | null;
export function rewrite(file: string, text: string, aliases: Array<{ name: string; dir: string }>): { text: string; count: number };
export function run(argv: string[], root?: string, log?: (line: string) => void): { files: number; specifiers: number; failed: boolean };
