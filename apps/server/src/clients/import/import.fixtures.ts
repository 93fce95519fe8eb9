import type { Readable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { clientImportsEndpoints, type ClientImport, type FormGroup } from '@crm/contract';
import type { App } from '../../app.js';
import { call, urlOf } from '../../test/api.js';
import { multipart } from '../../test/multipart.js';
import { pipelineProject } from '../../test/pipeline-project.js';
import type { TestApp } from '../../test/test-app.js';
import { importJob, importWorkersDone } from './import.job.js';

/** Text as Windows-1251 bytes (what a Russian Excel saves as CSV): Node encodes only UTF-8. */
export function win1251(text: string): Buffer {
  const decoder = new TextDecoder('windows-1251');
  const byChar = new Map<string, number>();
  for (let b = 0x80; b <= 0xff; b += 1) byChar.set(decoder.decode(Uint8Array.of(b)), b);
  return Buffer.from(
    [...text].map((ch) => {
      const code = ch.charCodeAt(0);
      if (code < 0x80) return code;
      const b = byChar.get(ch);
      if (b === undefined) throw new Error(`not in Windows-1251: ${ch}`);
      return b;
    }),
  );
}

/** An XLSX of these sheets (each a list of rows), written by exceljs as Excel would save it. */
export async function xlsx(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A zip of one entry that unpacks to `size` zero bytes: a zip bomb in miniature. */
export function zipOfZeros(name: string, size: number): Buffer {
  const data = Buffer.alloc(size);
  const packed = deflateRawSync(data, { level: 9 });
  const crc = crc32(data);
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralAt = local.length + fileName.length + packed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, fileName, packed, central, fileName, end]);
}

export async function upload(
  app: App,
  projectId: number,
  token: string | null,
  fileName: string,
  bytes: Buffer | Readable,
) {
  const { contentType, payload } = multipart(fileName, bytes);
  const res = await app.inject({
    method: 'POST',
    url: urlOf(clientImportsEndpoints.upload, { projectId }),
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: payload as never,
  });
  const json = res.headers['content-type']?.toString().includes('json') ? res.json() : res.body;
  return { status: res.statusCode, body: json };
}

/** Lets the scheduler's pass start the import's workers, and waits for them to finish. */
export async function work(t: TestApp) {
  await importJob.run(t.deps, t.clock.now());
  await importWorkersDone();
}

/** A project whose form has a phone and a 'Источник' select, with two stages, to import into. */
export async function importProject(t: TestApp, name?: string) {
  const p = await pipelineProject(t, name);
  const fresh = await p.addCategory({ name: 'Новые' });
  const work = await p.addCategory({ name: 'В работе' });
  const saved = await call(t.app, 'PUT', p.urls.form, {
    token: p.admin.token,
    body: {
      groups: [
        {
          title: 'Контакты',
          fields: [
            { type: 'phone_number', name: 'Телефон' },
            { type: 'select', name: 'Источник', options: [{ name: 'Сайт' }, { name: 'Реклама' }] },
          ],
        },
      ],
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const [phone, source] = (saved.body.response as FormGroup[])[0]!.fields;
  const projectId = p.owner.projectId;
  const at = (endpoint: { path: string }, importId: number) =>
    urlOf(endpoint as typeof clientImportsEndpoints.get, { projectId, importId });
  const act = async (
    endpoint: { method: string; path: string },
    importId: number,
    body?: unknown,
    token = p.admin.token,
  ) => call(t.app, endpoint.method as 'POST', at(endpoint, importId), { token, body });
  /** An action that must succeed, answering the import. */
  const ok = async (endpoint: { method: string; path: string }, importId: number, body?: unknown) => {
    const res = await act(endpoint, importId, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.response as ClientImport;
  };
  const get = (importId: number) => ok(clientImportsEndpoints.get, importId);
  return { p, projectId, fresh, work, phone: phone!, source: source!, act, ok, get };
}
