/** See value-parsers.js: the parser of each column type whose text every engine reads the same way, by type oid. */
export declare const VALUE_PARSERS: Record<number, (value: string) => unknown>;
