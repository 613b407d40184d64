import { constants, deflateRawSync } from "node:zlib";
import { layoutPdf } from "./pdf";

/**
 * PDFs an attacker sends (issue 28): small files that cost a PDF library a great deal. Used by
 * the upload tests and by `npm run bench`'s hostile-upload section.
 */

const FULL_FLUSH = { finishFlush: constants.Z_FULL_FLUSH, level: 9 };

function adler32(data: Buffer, zeros: number): number {
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  // Each zero byte leaves `a` as it is and adds it to `b`.
  b = (b + (zeros % 65521) * a) % 65521;
  return ((b << 16) | a) >>> 0;
}

/**
 * zlib data that inflates to `head` followed by `zeroMiB` MiB of zero bytes, in about a
 * thousandth of that: one compressed MiB of zeros repeated (each a full flush, so they chain).
 */
export function zlibBomb(head: Buffer, zeroMiB: number): Buffer {
  const mib = deflateRawSync(Buffer.alloc(1024 * 1024), FULL_FLUSH);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler32(head, zeroMiB * 1024 * 1024));
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    deflateRawSync(head, FULL_FLUSH),
    ...Array.from({ length: zeroMiB }, () => mib),
    deflateRawSync(Buffer.alloc(0)),
    trailer,
  ]);
}

const stream = (dict: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`),
    data,
    Buffer.from("\nendstream"),
  ]);

/**
 * A PDF whose catalog, page tree and page sit in an object stream that inflates to `inflateMiB`
 * MiB (about a thousandth of that on disk): reading the first page means inflating all of it.
 * `broken`: the page tree names a page that is not there, so a library that inflates it all
 * still refuses the file in the end.
 */
export function objectStreamBomb(inflateMiB = 400, broken = false): Buffer {
  const kids = broken ? "[4 0 R 9 0 R]" : "[4 0 R]";
  const objs = [
    "<< /Type /Catalog /Pages 3 0 R >>",
    `<< /Type /Pages /Kids ${kids} /Count ${broken ? 2 : 1} >>`,
    "<< /Type /Page /Parent 3 0 R /MediaBox [0 0 612 792] >>",
  ];
  let header = "";
  let body = "";
  objs.forEach((o, i) => {
    header += `${i + 2} ${body.length} `;
    body += `${o}\n`;
  });
  const head = Buffer.from(header + body);
  const data = zlibBomb(head, inflateMiB);
  // Objects 2–4 live in the object stream (object 1); object 5 is the cross-reference stream.
  const objStm = stream(`/Type /ObjStm /N 3 /First ${header.length} /Filter /FlateDecode`, data);
  const prefix = Buffer.from("%PDF-1.5\n%\xe2\xe3\xcf\xd3\n", "latin1");
  const obj1 = Buffer.concat([Buffer.from("1 0 obj\n"), objStm, Buffer.from("\nendobj\n")]);
  const xrefAt = prefix.length + obj1.length;
  const row = (type: number, a: number, b: number) => {
    const r = Buffer.alloc(7);
    r.writeUInt8(type, 0);
    r.writeUInt32BE(a, 1);
    r.writeUInt16BE(b, 5);
    return r;
  };
  const rows = Buffer.concat([
    row(0, 0, 65535),
    row(1, prefix.length, 0),
    row(2, 1, 0),
    row(2, 1, 1),
    row(2, 1, 2),
    row(1, xrefAt, 0),
  ]);
  const xrefStm = stream("/Type /XRef /Size 6 /W [1 4 2] /Root 2 0 R", rows);
  return Buffer.concat([
    prefix,
    obj1,
    Buffer.from("5 0 obj\n"),
    xrefStm,
    Buffer.from(`\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`),
  ]);
}

/** A PDF of `pages` empty pages in one flat page tree (200,000 pages is about 19 MB). */
export function manyPagesPdf(pages = 200_000): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(" ");
  return layoutPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Count ${pages} /MediaBox [0 0 612 792] /Kids [${kids}] >>`,
    ...Array.from({ length: pages }, () => "<< /Type /Page /Parent 2 0 R >>"),
  ]);
}
