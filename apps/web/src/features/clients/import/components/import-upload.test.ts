import { describe, expect, it } from 'vitest';
import { IMPORT_FILE_MAX_BYTES, IMPORT_FILE_TOO_BIG } from '@crm/contract';
import { errorsFileName } from '../api/download-import-errors';
import { fileProblem, OLD_EXCEL, WRONG_FILE_TYPE } from './import-upload';

describe('a file before it is sent', () => {
  it('is a CSV (or a tab-separated text) or an XLSX, whatever the case of its extension', () => {
    expect(fileProblem({ name: 'clients.csv', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'Клиенты 2026.XLSX', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'clients.txt', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'clients.xls', size: 10 })).toBe(OLD_EXCEL);
    expect(fileProblem({ name: 'clients.csv.pdf', size: 10 })).toBe(WRONG_FILE_TYPE);
  });

  it('is refused past 250 MB with the server’s words', () => {
    expect(fileProblem({ name: 'big.csv', size: IMPORT_FILE_MAX_BYTES })).toBeNull();
    expect(fileProblem({ name: 'big.csv', size: IMPORT_FILE_MAX_BYTES + 1 })).toBe(IMPORT_FILE_TOO_BIG);
  });
});

describe('the errors file', () => {
  it('is named after the file, in its format', () => {
    expect(errorsFileName({ file_name: 'Клиенты.CSV', format: 'csv' })).toBe('Клиенты — ошибки.csv');
    expect(errorsFileName({ file_name: 'book', format: 'xlsx' })).toBe('book — ошибки.xlsx');
  });
});
