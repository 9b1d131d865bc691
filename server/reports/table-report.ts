/**
 * A streamed PDF table report (pdfkit): a title block (title, any number of lines such as period,
 * filters and generation time), a table whose header repeats on every page, and closing total
 * lines. Rows arrive as an async sequence of batches and are only read when the consumer of the
 * returned stream wants more bytes, so memory holds one batch and the unsent PDF, never the whole
 * result (issue 5 "Performance": report memory must not grow with the number of rows).
 */
import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';

/** One column of the table; widths are in PDF points and should fill the page's content width. */
export interface ReportColumn {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/** What a report shows. `rows` yields batches of cell texts in column order. */
export interface TableReportSpec {
  title: string;
  /** Lines under the title (period, filters, generated at). */
  subtitle: readonly string[];
  columns: readonly ReportColumn[];
  rows: AsyncIterable<readonly (readonly string[])[]>;
  /** Lines printed after the last row; called once every batch has been read. */
  totals: () => readonly string[];
  /** Written into the PDF's metadata as its creation date. */
  createdAt: Date;
}

/** A4 landscape: 841.89 × 595.28 pt; 36 pt margins leave 769 pt for the columns. */
export const CONTENT_WIDTH = 769;
const MARGIN = 36;
const FONT_SIZE = 8;
const CELL_PADDING = 3;
const BOLD = 'Helvetica-Bold';
const REGULAR = 'Helvetica';

/**
 * Starts the report and returns the PDF as a byte stream. A failure while reading rows destroys
 * the stream with that error (the HTTP response is then cut short rather than completed).
 */
export function streamTableReport(spec: TableReportSpec): Readable {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: spec.title, Creator: 'Product Feed', CreationDate: spec.createdAt },
  });
  const batches = spec.rows[Symbol.asyncIterator]();
  let pageNumber = 1;
  let y = MARGIN;
  let started = false;
  let finished = false;
  let producing = false;

  const bottom = () => doc.page.height - MARGIN;

  /** The height of a row of `cells` in `font`: its tallest (wrapped) cell plus padding. */
  function rowHeight(cells: readonly string[], font: string): number {
    doc.font(font).fontSize(FONT_SIZE);
    const tallest = Math.max(
      ...spec.columns.map((column, index) =>
        doc.heightOfString(cells[index] ?? '', { width: column.width - 2 * CELL_PADDING }),
      ),
    );
    return tallest + 2 * CELL_PADDING;
  }

  /** Writes `cells` at the current y and returns the row's height. */
  function writeRow(cells: readonly string[], font: string): number {
    const height = rowHeight(cells, font);
    let x = MARGIN;
    spec.columns.forEach((column, index) => {
      doc.text(cells[index] ?? '', x + CELL_PADDING, y + CELL_PADDING, {
        width: column.width - 2 * CELL_PADDING,
        align: column.align ?? 'left',
      });
      x += column.width;
    });
    return height;
  }

  function writeHeader() {
    doc.font(REGULAR).fontSize(FONT_SIZE).fillColor('#555555');
    doc.text(`${spec.title} — page ${pageNumber}`, MARGIN, MARGIN / 2, {
      width: CONTENT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
    doc.fillColor('#000000');
    const height = writeRow(
      spec.columns.map((column) => column.header),
      BOLD,
    );
    y += height;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT_WIDTH, y)
      .lineWidth(0.75)
      .stroke();
  }

  function newPage() {
    doc.addPage();
    pageNumber += 1;
    y = MARGIN;
    writeHeader();
  }

  function writeBodyRow(cells: readonly string[]) {
    if (y + rowHeight(cells, REGULAR) > bottom()) newPage();
    y += writeRow(cells, REGULAR);
  }

  function writeTitle() {
    doc.font(BOLD).fontSize(16).text(spec.title, MARGIN, MARGIN, { width: CONTENT_WIDTH });
    doc.font(REGULAR).fontSize(10);
    for (const line of spec.subtitle) doc.text(line, { width: CONTENT_WIDTH });
    y = doc.y + 10;
    writeHeader();
  }

  function writeTotals() {
    const lines = spec.totals();
    doc.font(BOLD).fontSize(10);
    const needed = lines.reduce((sum, line) => sum + doc.heightOfString(line, { width: CONTENT_WIDTH }), 8);
    if (y + needed > bottom()) newPage();
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT_WIDTH, y)
      .lineWidth(0.75)
      .stroke();
    doc.text('', MARGIN, y + 8);
    for (const line of lines) doc.text(line, { width: CONTENT_WIDTH });
  }

  const output = new Readable({
    read() {
      void produce();
    },
    destroy(error, callback) {
      finished = true;
      void batches.return?.();
      callback(error);
    },
  });
  let pushes = 0;
  doc.on('data', (chunk: Buffer) => {
    pushes += 1;
    output.push(chunk);
  });
  doc.on('end', () => output.push(null));

  /**
   * Answers a `read()`: reads batches until something was pushed and the output buffer is full again
   * (backpressure), or the rows run out. Node asks again only after a push, so a call must push.
   */
  async function produce() {
    if (producing || finished) return;
    producing = true;
    const pushesBefore = pushes;
    try {
      if (!started) {
        started = true;
        writeTitle();
      }
      while (!finished && (pushes === pushesBefore || output.readableLength < output.readableHighWaterMark)) {
        const next = await batches.next();
        if (finished) return;
        if (next.done) {
          finished = true;
          writeTotals();
          doc.end();
          return;
        }
        for (const cells of next.value) writeBodyRow(cells);
      }
    } catch (error) {
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    } finally {
      producing = false;
    }
  }

  return output;
}
