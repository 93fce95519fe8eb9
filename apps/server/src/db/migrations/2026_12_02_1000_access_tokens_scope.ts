import type { AnyDb } from './helpers.js';

export async function up(db: AnyDb): Promise<void> {
  // An API key's token says what it may do ('read': GET only, 'write': everything a key may
  // call); the guard reads it with the token, in the same cached row (docs/decisions.md, "API keys").
  await db.schema.alterTable('access_tokens').addColumn('scope', 'text').execute();
}
