/** Document templates, documents, e-sign consent and the audit chain (see migration 0007). */
export type DocumentTables = {};
