/** A region code ('CN') as the UI language names it ('China', '中国'); the code itself where the runtime has no name for it. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
