/** Who runs each background job now, and when it is due again (see scheduler.ts). */
export interface JobLeasesTable {
  name: string;
  locked_by: string | null;
  locked_until: string | null;
  next_run_at: string;
  last_run_at: string | null;
}

declare module '../db/schema.js' {
  interface Database {
    job_leases: JobLeasesTable;
  }
}
