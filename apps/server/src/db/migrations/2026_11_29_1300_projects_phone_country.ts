import type { AnyDb } from './helpers.js';

export async function up(db: AnyDb): Promise<void> {
  // The country a phone number written without its code is read in (docs/decisions.md, "A
  // project's phone country"). Every project so far read such numbers as Ukrainian: 'UA'.
  await db.schema
    .alterTable('projects')
    .addColumn('phone_country', 'text', (c) => c.notNull().defaultTo('UA'))
    .execute();
}
