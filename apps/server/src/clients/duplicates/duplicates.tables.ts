/**
 * A client's phone number or social-network link as its duplicate key (contact-keys.ts), one row
 * per value: what the duplicate check looks up by index instead of reading every client's values.
 * Written in the transaction that writes the values.
 */
export interface ClientContactsTable {
  project_id: number;
  client_id: number;
  field_id: number;
  key: string;
}

declare module '../../db/schema.js' {
  interface Database {
    client_contacts: ClientContactsTable;
  }
}
