/** Same keys as the English catalogue, any string values: a missing or extra key fails typecheck. */
export type DeepStrings<T> = { -readonly [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
