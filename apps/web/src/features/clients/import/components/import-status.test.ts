import { describe, expect, it } from 'vitest';
import { IMPORT_STATUSES, type FormGroup } from '@crm/contract';
import {
  canCancel,
  clientsText,
  countsLine,
  countTiles,
  fileLine,
  isBusy,
  listOf,
  missingRequired,
  PROGRESS_TEXTS,
  progressShare,
  progressText,
  progressTitle,
  REPORT_TITLES,
  reportText,
  repeatedTargets,
  STATUS_LABELS,
  stepOf,
  targetLabel,
  targetOf,
  targetValue,
} from './import-status';

const field = (id: number, name: string, required = false) => ({
  id,
  name,
  required,
  type: 'text' as const,
  placeholder: '',
  is_searchable: false,
  size_percentage: 100,
  options: [],
  order: 0,
});
const groups: FormGroup[] = [
  { id: 1, title: 'Контакты', order: 0, fields: [field(11, 'Телефон', true), field(12, 'Город')] },
];

describe('the screen of each status', () => {
  it('opens the mapping, the progress, the check or the report', () => {
    expect(stepOf('uploaded')).toBe('mapping');
    expect(stepOf('checked')).toBe('checked');
    for (const status of ['checking', 'queued', 'running', 'cancelling', 'undoing'] as const) {
      expect(stepOf(status)).toBe('progress');
      expect(isBusy(status)).toBe(true);
      expect(PROGRESS_TEXTS[status]).toBeTruthy();
    }
    for (const status of ['done', 'cancelled', 'failed', 'undone'] as const) {
      expect(stepOf(status)).toBe('report');
      expect(REPORT_TITLES[status]).toBeTruthy();
      expect(reportText(status, false)).toBeTruthy();
    }
  });

  it('says whether a stopped or failed import left anything to undo', () => {
    expect(reportText('cancelled', true)).toBe('Записанное до остановки осталось: его можно отменить.');
    expect(reportText('cancelled', false)).toBe('До остановки ничего не записано.');
    expect(reportText('failed', false)).toMatch(/^Ничего не записано/);
  });

  it('names every status in Russian, and says what waiting means', () => {
    for (const status of IMPORT_STATUSES) expect(STATUS_LABELS[status]).toMatch(/^[А-ЯЁ][а-яё ]+$/);
    expect(PROGRESS_TEXTS.queued).toBe('Ждёт: в проекте идёт другой импорт');
    expect(PROGRESS_TEXTS.checking).toBe('Проверяем файл…');
  });

  it('says a queued run waits for another import only when one runs', () => {
    expect(progressTitle('queued', true)).toBe('Ждёт: в проекте идёт другой импорт');
    expect(progressTitle('queued', false)).toBe('Начинаем импорт…');
    expect(progressTitle('running', false)).toBe('Импортируем…');
  });

  it('cancels a check or a run, never a stop or an undo', () => {
    expect(IMPORT_STATUSES.filter(canCancel)).toEqual(['checking', 'queued', 'running']);
  });
});

describe('progress', () => {
  it('is a share of the total, unknown until the total is counted', () => {
    expect(progressShare(0, null)).toBeNull();
    expect(progressShare(250, 1000)).toBe(0.25);
    expect(progressShare(1200, 1000)).toBe(1);
    expect(progressShare(0, 0)).toBe(1);
  });

  it('says the rows in thin-spaced thousands', () => {
    expect(progressText(1200, 10000)).toBe('Строк: 1\u2009200 из 10\u2009000');
    expect(progressText(1200, null)).toBe('Строк прочитано: 1\u2009200');
  });
});

describe('figures', () => {
  const counts = { new: 120, update: 3, duplicate: 5, errors: 2 };

  it('of a check say where the duplicates go under the chosen mode', () => {
    const tiles = countTiles(counts, 'skip', 'checked');
    expect(tiles.map((t) => [t.label, t.value])).toEqual([
      ['Новых', 120],
      ['Обновятся', 3],
      ['Дубли', 5],
      ['Ошибок', 2],
    ]);
    expect(tiles.map((t) => t.hint)).toEqual([undefined, undefined, 'пропустятся', 'не импортируются']);
    expect(countTiles(counts, 'fill', 'checked')[1]!.hint).toBe('дубли: дополнятся пустые значения');
    expect(countTiles(counts, 'overwrite', 'checked')[1]!.hint).toBe('дубли: значения заменятся');
    expect(countTiles(counts, 'create', 'checked')[0]!.hint).toBe('дубли тоже');
  });

  it('of a run say what was done', () => {
    expect(countTiles(counts, 'skip', 'done').map((t) => t.label)).toEqual([
      'Создано',
      'Обновлено',
      'Дубли',
      'С ошибками',
    ]);
  });

  it('fit one line, leaving out what is none', () => {
    expect(countsLine(counts)).toBe('Создано 120 · обновлено 3 · дублей 5 · ошибок 2');
    expect(countsLine({ new: 7, update: 0, duplicate: 0, errors: 0 })).toBe('Создано 7');
  });

  it('agree with their number', () => {
    expect(clientsText(1)).toBe('1 клиента');
    expect(clientsText(3)).toBe('3 клиентов');
    expect(clientsText(21)).toBe('21 клиента');
    expect(clientsText(11)).toBe('11 клиентов');
  });
});

describe('the file', () => {
  it('says how a CSV was read, and which sheet of a workbook', () => {
    const csv = {
      format: 'csv',
      encoding: 'windows-1251',
      delimiter: ';',
      sheet: null,
      size: 12_700,
    } as const;
    expect(fileLine(csv)).toBe('CSV · Windows-1251 · разделитель «;» · 12,4 КБ');
    expect(fileLine({ ...csv, encoding: 'utf-8', delimiter: '\t' })).toBe(
      'CSV · UTF-8 · разделитель табуляция · 12,4 КБ',
    );
    expect(fileLine({ format: 'xlsx', encoding: null, delimiter: null, sheet: 'Клиенты', size: 900 })).toBe(
      'Excel · лист «Клиенты» · 900 Б',
    );
  });
});

describe('the mapping', () => {
  it('writes a target as the select value and reads it back', () => {
    expect(targetValue(null)).toBe('');
    expect(targetValue({ target: 'name' })).toBe('name');
    expect(targetValue({ target: 'field', field_id: 12 })).toBe('field:12');
    expect(targetOf('')).toBeNull();
    expect(targetOf('manager')).toEqual({ target: 'manager' });
    expect(targetOf('field:12')).toEqual({ target: 'field', field_id: 12 });
    expect(targetOf('field')).toBeNull();
    expect(targetOf('toString')).toBeNull();
  });

  it('names a target', () => {
    expect(targetLabel('manager', groups)).toBe('Менеджер (email или имя)');
    expect(targetLabel('field:12', groups)).toBe('Город');
    expect(targetLabel('field:99', groups)).toBeNull();
  });

  it('finds a target taken twice, at the later columns', () => {
    expect([...repeatedTargets(['name', '', 'name', 'field:12', '', 'field:12', 'name'])]).toEqual([
      [2, 'name'],
      [5, 'field:12'],
      [6, 'name'],
    ]);
    expect(repeatedTargets(['', '', 'amount']).size).toBe(0);
  });

  it('lists the required values no column gives', () => {
    expect(missingRequired(['', 'last_name', 'field:12'], groups)).toEqual(['Имя', 'Телефон']);
    expect(missingRequired(['name', 'last_name', 'field:11'], groups)).toEqual([]);
    expect(listOf(['«Имя»', '«Фамилия»', '«Телефон»'])).toBe('«Имя», «Фамилия» и «Телефон»');
    expect(listOf(['«Имя»'])).toBe('«Имя»');
  });
});
