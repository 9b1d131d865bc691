import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { streamTableReport } from './table-report';
import type { TableReportSpec } from './table-report';

const BATCHES = 40;
const ROWS_PER_BATCH = 250;

/** A report whose rows come in delayed batches, counting how many batches were read. */
function slowReport(): { spec: TableReportSpec; batchesRead: () => number } {
  let read = 0;
  async function* rows() {
    for (let batch = 0; batch < BATCHES; batch += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      read += 1;
      yield Array.from({ length: ROWS_PER_BATCH }, (_, index) => [`Row ${batch}-${index}`, 'second cell']);
    }
  }
  return {
    spec: {
      title: 'Test report',
      subtitle: ['Period: all dates'],
      columns: [
        { header: 'First', width: 400 },
        { header: 'Second', width: 369, align: 'right' },
      ],
      rows: rows(),
      totals: () => ['Rows: 10000'],
      createdAt: new Date('2025-06-02T09:00:00Z'),
    },
    batchesRead: () => read,
  };
}

describe('streamTableReport', () => {
  it('reads rows only as fast as the consumer takes the PDF (backpressure)', async () => {
    const { spec, batchesRead } = slowReport();
    const stream = streamTableReport(spec);
    // Ask for the first bytes, then take nothing more for a while.
    await new Promise<void>((resolve) => stream.once('readable', () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(batchesRead()).toBeLessThan(BATCHES / 4);
    stream.destroy();
  });

  it('completes for a slow consumer that keeps its buffer full', async () => {
    const { spec, batchesRead } = slowReport();
    const chunks: Buffer[] = [];
    const slowSink = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        setImmediate(callback);
      },
    });
    await pipeline(streamTableReport(spec), slowSink);
    const pdf = Buffer.concat(chunks);
    expect(batchesRead()).toBe(BATCHES);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
  });

  it('ends the stream with the error when reading rows fails', async () => {
    async function* failing(): AsyncGenerator<string[][]> {
      yield [['one', 'two']];
      throw new Error('database went away');
    }
    const stream = streamTableReport({ ...slowReport().spec, rows: failing() });
    const sink = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    await expect(pipeline(stream, sink)).rejects.toThrow('database went away');
  });
});
