import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sheetWriter } from './sheet-writer.js';

/** Rows of random hex (it compresses to about half, never to nothing): `kb` kilobytes in all. */
const noisyRows = (kb: number) =>
  Array.from({ length: kb }, () => [randomBytes(256).toString('hex'), randomBytes(256).toString('hex')]);

describe('writing a file as it is made', () => {
  for (const format of ['xlsx', 'csv'] as const) {
    it(`${format}: drained() waits until what was written has gone out, so memory stays flat`, async () => {
      const writer = sheetWriter(format, ['a', 'b'], 'Лист');
      let received = 0;
      writer.body.on('data', (chunk: Buffer) => {
        received += chunk.length;
      });
      // A megabyte written at once, as a batch of SQLite rows is: the compressor has not taken it
      // yet. Waiting only for the download to drain let the next batches pile up uncompressed.
      for (const row of noisyRows(1024)) writer.addRow(row);
      await writer.drained();
      expect(received).toBeGreaterThan(format === 'csv' ? 900_000 : 300_000);
      await writer.end();
    });
  }

  it('stops waiting when the download is closed', async () => {
    const writer = sheetWriter('xlsx', ['a', 'b'], 'Лист');
    for (const row of noisyRows(512)) writer.addRow(row);
    const waiting = writer.drained();
    writer.body.destroy();
    await waiting;
    expect(writer.closed()).toBe(true);
  });
});
