import { LIMITS } from "@shared/limits";
import { PICTURE_MSG } from "@shared/schemas/profile";
import sharp, { type Metadata } from "sharp";
import { AppError, ValidationError } from "../../lib/errors";

const FORMATS = new Set(["jpeg", "png", "webp"]);

const wrongType = () => new AppError(415, "UNSUPPORTED_MEDIA_TYPE", PICTURE_MSG.wrongType);
const tooManyPixels = () => new AppError(413, "PAYLOAD_TOO_LARGE", PICTURE_MSG.tooManyPixels);

/**
 * Decodes an uploaded picture and re-encodes it as a square WebP. What the file is comes from
 * its content, never its name or declared type; nothing uploaded is ever served as it is.
 * Huge dimensions (image bombs) are refused from the header, before any pixel is decoded.
 */
export async function toSquareWebp(input: Buffer): Promise<Buffer> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw wrongType();
  }
  if (!meta.format || !FORMATS.has(meta.format)) throw wrongType();
  if (!meta.width || !meta.height)
    throw new ValidationError(PICTURE_MSG.unreadable, { file: PICTURE_MSG.unreadable });
  if (meta.width * meta.height > LIMITS.picturePixelsMax) throw tooManyPixels();
  try {
    return await sharp(input, { limitInputPixels: LIMITS.picturePixelsMax, failOn: "truncated" })
      .rotate()
      .resize(LIMITS.pictureSize, LIMITS.pictureSize, { fit: "cover" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    if (/pixel limit/i.test(String((err as Error).message))) throw tooManyPixels();
    throw new ValidationError(PICTURE_MSG.unreadable, { file: PICTURE_MSG.unreadable });
  }
}
