/**
 * The PDF check, in a worker thread of its own (decision 0037): pdf.js reads the file through to
 * its last page. Plain JavaScript because Node 20 starts a worker's entry without the parent's
 * tsx loader; the shapes it sends and receives are declared in pdf-check.ts.
 *
 * The heap is bounded by the worker's resourceLimits and the time by the pool, which terminates
 * the worker. What neither bounds is typed-array memory: pdf.js inflates a stream into a
 * Uint8Array that it doubles as it grows, outside the heap. So every typed-array and ArrayBuffer
 * constructor in this thread is wrapped to charge what it allocates to the job's
 * `inflatedBytesMax`; past it, allocation fails and the verdict is "too-much-data".
 */
import { createHash } from "node:crypto";
import { parentPort } from "node:worker_threads";

const RealUint8Array = Uint8Array;
const RealArrayBuffer = ArrayBuffer;
const RealSharedArrayBuffer = SharedArrayBuffer;

let budget = Number.POSITIVE_INFINITY;
let exceeded = false;

function charge(bytes) {
  budget -= bytes;
  if (budget < 0) {
    exceeded = true;
    throw new RangeError("The PDF expands to more data than the check allows.");
  }
}

/** Bytes a constructor call allocates: a length, or a copy of an array-like (a view over a buffer allocates none). */
function allocated(first, bytesPerElement) {
  if (typeof first === "number") return first * bytesPerElement;
  if (first === null || typeof first !== "object") return 0;
  if (first instanceof RealArrayBuffer || first instanceof RealSharedArrayBuffer) return 0;
  return (Number(first.length) || 0) * bytesPerElement;
}

function chargeConstructor(Real, bytesPerElement) {
  const wrapped = new Proxy(Real, {
    construct(target, args, newTarget) {
      charge(allocated(args[0], bytesPerElement));
      return Reflect.construct(target, args, newTarget === wrapped ? target : newTarget);
    },
  });
  globalThis[Real.name] = wrapped;
}

for (const T of [
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
])
  chargeConstructor(T, T.BYTES_PER_ELEMENT);
chargeConstructor(ArrayBuffer, 1);

// pdf.js is loaded after the constructors are wrapped, so that it sees only the wrapped ones.
const { getDocumentProxy } = await import("unpdf");

/** @returns {Promise<{ verdict: "ok" | "unreadable" | "too-many-pages", pages?: number }>} */
async function read(data, pagesMax) {
  if (new TextDecoder("latin1").decode(data.subarray(0, 5)) !== "%PDF-") return { verdict: "unreadable" };
  const doc = await getDocumentProxy(data, { verbosity: 0 });
  try {
    const pages = doc.numPages;
    if (pages < 1) return { verdict: "unreadable" };
    if (pages > pagesMax) return { verdict: "too-many-pages", pages };
    await doc.getPage(pages);
    return { verdict: "ok", pages };
  } finally {
    await doc.loadingTask.destroy();
  }
}

/**
 * A job is `{ bytes: ArrayBuffer, offset, length, pagesMax, inflatedBytesMax }`, its memory
 * transferred; the answer `{ verdict, pages?, sha256?, bytes }` transfers the same memory back
 * (pdf.js is given a copy, as it may detach what it reads), with the SHA-256 of a file that is
 * kept: hashing 20 MB would take the main thread about 20 ms.
 */
parentPort.on("message", async (job) => {
  let answer;
  budget = job.inflatedBytesMax;
  exceeded = false;
  try {
    const copy = new RealUint8Array(job.length);
    copy.set(new RealUint8Array(job.bytes, job.offset, job.length));
    answer = await read(copy, job.pagesMax);
  } catch {
    answer = { verdict: "unreadable" };
  }
  if (exceeded) answer = { verdict: "too-much-data" };
  budget = Number.POSITIVE_INFINITY;
  if (answer.verdict === "ok")
    answer.sha256 = createHash("sha256")
      .update(new RealUint8Array(job.bytes, job.offset, job.length))
      .digest("hex");
  parentPort.postMessage({ ...answer, bytes: job.bytes }, [job.bytes]);
});

// Warm up on a tiny PDF, so that a first upload's time limit is not spent loading pdf.js.
await read(
  new TextEncoder().encode(
    "%PDF-1.1\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 9 9]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF",
  ),
  1,
).catch(() => {});
parentPort.postMessage({ ready: true });
