import type { AnyDb } from './helpers.js';

export async function up(db: AnyDb): Promise<void> {
  // A switch into a manager's account names the admin's session it was made from, so ending
  // that session (logout) ends the switch too (docs/decisions.md, "Security run").
  await db.schema.alterTable('access_tokens').addColumn('issuer_token_id', 'integer').execute();
  await db.schema
    .createIndex('access_tokens_issuer_idx')
    .on('access_tokens')
    .column('issuer_token_id')
    .execute();
  await db.schema
    .createIndex('access_tokens_impersonator_idx')
    .on('access_tokens')
    .column('impersonator_id')
    .execute();
}
