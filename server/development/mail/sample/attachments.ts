/**
 * Attachments for the sample mail and photos for the sample cards, made in code (nothing binary is
 * kept in the repository): one-page PDFs with pdf-lib and PNG pictures with pngjs. Both are
 * deterministic (pdf-lib leaves out its time-stamped metadata when asked), and each document is built
 * once per process: accounts share the same handful of files, which keeps first-start generation fast.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { PNG } from 'pngjs';

export type Attachment = { filename: string; contentType: string; content: Buffer };

/** The PDFs a mailbox attaches: title and a few lines (Latin-1 only: the standard PDF fonts have no more). */
const DOCUMENTS = [
  {
    filename: 'Rechnung-2019-03.pdf',
    title: 'Rechnung Nr. 2019-0317',
    lines: ['Gärtnerei Müller, Köln', 'Pflanzen und Erde: 84,50 EUR', 'Zahlbar innerhalb von 14 Tagen.'],
  },
  {
    filename: 'boarding-pass.pdf',
    title: 'Boarding pass AX 204',
    lines: ['Passenger: CUSTOMER/SAMPLE', 'Seat 14C, gate B12, 07:45', 'Please be at the gate 30 minutes early.'],
  },
  {
    filename: 'minutes-HOA.pdf',
    title: 'Minutes of the residents\u2019 meeting',
    lines: ['Present: 14 households', 'Agreed: repaint the stairwell in spring.', 'Next meeting: first Tuesday of the month.'],
  },
  {
    filename: 'devis-cuisine.pdf',
    title: 'Devis n° 4471 - cuisine',
    lines: ['Plan de travail chêne massif', 'Pose et raccordement compris', 'Total TTC : 3 480,00 €'],
  },
  {
    filename: 'school-report.pdf',
    title: 'End of term report',
    lines: ['Mathematics: excellent progress', 'Languages: très bien', 'Attendance: 98%'],
  },
  {
    filename: 'warranty.pdf',
    title: 'Warranty certificate',
    lines: ['Product: washing machine WX-900', 'Valid for 5 years from purchase', 'Keep this document.'],
  },
] as const;

async function buildPdf(title: string, lines: readonly string[]): Promise<Buffer> {
  // updateMetadata: false keeps the creation date (now) out, so the same input gives the same bytes.
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([420, 300]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  page.drawText(title, { x: 32, y: 248, size: 16, font: bold, color: rgb(0.1, 0.2, 0.45) });
  lines.forEach((line, i) => page.drawText(line, { x: 32, y: 210 - i * 22, size: 12, font }));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

let pdfs: Promise<Attachment[]> | null = null;

/** The sample PDFs, built on first use. */
export function samplePdfs(): Promise<Attachment[]> {
  pdfs ??= Promise.all(
    DOCUMENTS.map(async (d) => ({ filename: d.filename, contentType: 'application/pdf', content: await buildPdf(d.title, d.lines) })),
  );
  return pdfs;
}

type Paint = (x: number, y: number) => readonly [number, number, number];

function png(width: number, height: number, paint: Paint): Buffer {
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      const i = (y * width + x) * 4;
      image.data[i] = r;
      image.data[i + 1] = g;
      image.data[i + 2] = b;
      image.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(image);
}

/** A landscape "photo": sky, sun and hills in a few colour schemes. */
function landscape(variant: number): Buffer {
  const width = 320;
  const height = 200;
  const sun = { x: 60 + variant * 45, y: 50, r: 22 };
  return png(width, height, (x, y) => {
    const hill = height * 0.62 + Math.sin((x + variant * 40) / 37) * 18;
    if (y > hill) return [40 + variant * 20, 120 + ((x * y) % 23), 50];
    if ((x - sun.x) ** 2 + (y - sun.y) ** 2 < sun.r ** 2) return [250, 210 - variant * 20, 60];
    return [90 + y / 3, 150 + y / 4, 230 - variant * 25];
  });
}

let photos: Attachment[] | null = null;

export function samplePhotos(): Attachment[] {
  photos ??= [0, 1, 2, 3].map((variant) => ({
    filename: ['beach.png', 'garden.png', 'mountains.png', 'sunset.png'][variant] as string,
    contentType: 'image/png',
    content: landscape(variant),
  }));
  return photos;
}

/** A contact's photo: a coloured disc on a light ground, colour from the person's index. */
export function avatarPng(index: number): Buffer {
  const hue = (index * 47) % 360;
  const [r, g, b] = [
    Math.abs(Math.sin((hue / 180) * Math.PI)),
    Math.abs(Math.sin(((hue + 120) / 180) * Math.PI)),
    Math.abs(Math.sin(((hue + 240) / 180) * Math.PI)),
  ].map((c) => Math.round(60 + c * 170));
  return png(64, 64, (x, y) =>
    (x - 32) ** 2 + (y - 28) ** 2 < 18 ** 2 || (y > 44 && (x - 32) ** 2 < (64 - y) * 40) ? [r ?? 0, g ?? 0, b ?? 0] : [238, 240, 244],
  );
}
