/** The one error body every API answer uses: `{ error: { code, message, fields? } }`. */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    /** Field path -> message, for forms that show messages beside inputs. */
    fields?: Record<string, string>;
  };
}
