import type { Generated } from 'kysely';

/** A group of the client form, in `position` order. */
export interface ClientFormGroupsTable {
  id: Generated<number>;
  project_id: number;
  title: string;
  position: number;
  created_at: string;
  updated_at: string;
}

/** A field of the client form, in its group by `position`. */
export interface ClientFormFieldsTable {
  id: Generated<number>;
  project_id: number;
  group_id: number;
  type: 'text' | 'phone_number' | 'social_network' | 'textarea' | 'select';
  name: string;
  placeholder: string;
  /** 0/1. */
  required: number;
  /** 0/1, select fields only. */
  is_searchable: number;
  /** 25, 50 or 100. */
  size_percentage: number;
  position: number;
  created_at: string;
  updated_at: string;
}

/** An option of a select field. */
export interface ClientFormFieldOptionsTable {
  id: Generated<number>;
  project_id: number;
  field_id: number;
  name: string;
  position: number;
}

/** A client's value of a form field (a select's: the option's id as text). */
export interface ClientFieldValuesTable {
  id: Generated<number>;
  project_id: number;
  client_id: number;
  field_id: number;
  value: string;
}

declare module '../../db/schema.js' {
  interface Database {
    client_form_groups: ClientFormGroupsTable;
    client_form_fields: ClientFormFieldsTable;
    client_form_field_options: ClientFormFieldOptionsTable;
    client_field_values: ClientFieldValuesTable;
  }
}
