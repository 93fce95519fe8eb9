/**
 * The parsed (output) type of a contract schema, e.g. the lower-cased email a form sends.
 * Read from zod 4's type brand so the web needs no direct zod dependency: schemas and their
 * runtime stay in @crm/contract.
 */
export type SchemaOutput<T> = T extends { _zod: { output: infer O } } ? O : never;
