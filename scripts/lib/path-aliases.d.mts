export const ROOT: string;
export function pathAliases(root?: string): Array<{ name: string; dir: string }>;
export function viteAliases(root?: string): Record<string, string>;
