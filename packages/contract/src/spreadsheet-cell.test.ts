import { describe, expect, it } from 'vitest';
import { spreadsheetText } from './spreadsheet-cell.js';

describe('spreadsheetText', () => {
  it('makes every formula start text, with a leading apostrophe', () => {
    for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1', '  =1', '\u00a0=1']) {
      expect(spreadsheetText(formula)).toBe(`'${formula}`);
    }
  });

  it('leaves other text as it is', () => {
    for (const text of ['Иван', '1-2', 'a=b', 'e-mail@example.com', '', ' пробел', "'уже текст"]) {
      expect(spreadsheetText(text)).toBe(text);
    }
  });
});
