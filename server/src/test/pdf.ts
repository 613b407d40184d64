import { randomBytes } from "node:crypto";

/**
 * A PDF of these objects (numbered from 1, the first being the catalog) with a correct
 * cross-reference table.
 */
export function layoutPdf(objects: (string | Buffer)[], version = "1.4"): Buffer {
  const parts: Buffer[] = [Buffer.from(`%PDF-${version}\n`)];
  let at = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(at);
    const obj = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      typeof body === "string" ? Buffer.from(body, "latin1") : body,
      Buffer.from("\nendobj\n"),
    ]);
    parts.push(obj);
    at += obj.length;
  });
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) xref += `${String(o).padStart(10, "0")} 00000 n \n`;
  xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}

/**
 * A small, valid PDF made byte by byte, for tests that upload documents: each page shows one
 * line of text.
 */
export function makePdf(lines: string[] = ["ThesisDesk test document"]): Buffer {
  const objects: string[] = [];
  const pageIds = lines.map((_, i) => 3 + i * 2);
  objects.push("<< /Type /Catalog /Pages 2 0 R >>");
  objects.push(
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${lines.length} >>`,
  );
  const fontId = 3 + lines.length * 2;
  lines.forEach((line, i) => {
    const text = line.replace(/[\\()]/g, (c) => `\\${c}`);
    const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${4 + i * 2} 0 R /Resources << /Font << /F1 ${fontId} 0 R >> >> >>`,
    );
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  });
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  return layoutPdf(objects);
}

/**
 * A valid PDF of about `size` bytes: one page with text, and an image of random (incompressible)
 * bytes that the page does not draw, as a scanned appendix makes a file large.
 */
export function makeLargePdf(size: number, line = "A large document"): Buffer {
  const filler = randomBytes(Math.max(0, size - 1024));
  const text = `BT /F1 18 Tf 72 720 Td (${line.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj ET`;
  return layoutPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >> >>",
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${filler.length} /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${filler.length} >>\nstream\n`,
      ),
      filler,
      Buffer.from("\nendstream"),
    ]),
  ]);
}

/** A multipart/form-data body with one file in the field `file`, as a browser sends it. */
export function multipartFile(data: Buffer, filename = "proposal.pdf", type = "application/pdf") {
  const boundary = `----thesisdesk${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
