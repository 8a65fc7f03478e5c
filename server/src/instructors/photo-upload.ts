import type { FastifyRequest } from 'fastify';
import '@fastify/multipart';
import { InstructorError, InstructorErrorCode, PHOTO_MAX_BYTES } from './instructors.errors';

/** The multipart fields of admin/instructores/photo. */
export interface PhotoUpload {
  instructorId: number;
  bytes: Buffer;
}

const ROW_ID = /^[1-9]\d{0,9}$/;

/**
 * Reads admin/instructores/photo's form: `instructorId` and one `file`, in either order, the file
 * at most 8 MB (read no further: a larger one is refused as it streams in).
 */
export async function readPhotoUpload(request: FastifyRequest): Promise<PhotoUpload> {
  if (!request.isMultipart()) throw new InstructorError(InstructorErrorCode.PHOTO_MISSING);
  let instructorId: string | undefined;
  let bytes: Buffer | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 4, fieldSize: 64, parts: 5 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file') bytes = data;
      } else if (part.fieldname === 'instructorId' && typeof part.value === 'string') {
        instructorId = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new InstructorError(InstructorErrorCode.PHOTO_TOO_LARGE);
    }
    // A malformed form, more parts or files than one photo takes.
    throw new InstructorError(InstructorErrorCode.PHOTO_MISSING);
  }
  const id = instructorId?.trim();
  if (!bytes || bytes.length === 0 || !id || !ROW_ID.test(id) || Number(id) > 2_147_483_647) {
    throw new InstructorError(InstructorErrorCode.PHOTO_MISSING);
  }
  return { instructorId: Number(id), bytes };
}
