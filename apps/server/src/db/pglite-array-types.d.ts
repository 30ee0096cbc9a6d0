/** See pglite-array-types.js: PostgreSQL's own types with an array type, as "element:array" oids. */
export declare const POSTGRES_ARRAY_TYPES: string;
