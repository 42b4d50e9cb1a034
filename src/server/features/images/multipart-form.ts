import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { IMAGE_MAX_BYTES } from '../../../domain/api/images.ts';
import { HttpError, badRequest } from '../../errors.ts';
import { assertStorable } from '../../http/request-guards.ts';
import { assertClaims, claimedIds } from '../../auth/claims.ts';

/** Room for the non-file parts (the series `dto` with its banlist text) on top of the image. */
const FIELDS_MAX_BYTES = 1024 * 1024;

/**
 * Registers @fastify/multipart on an encapsulated scope only (other routes keep refusing multipart).
 * One image of at most 5 MB plus a few small parts; beyond that, 413.
 */
export async function registerMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 2, fields: 10, parts: 12, fieldSize: FIELDS_MAX_BYTES },
  });
  // before the documented parts are "validated" (Fastify sees no multipart body): anything else is 415
  scope.addHook('preValidation', async (req) => {
    if (!req.isMultipart()) throw new HttpError(415, 'Send the form as multipart/form-data');
  });
}

export interface MultipartForm {
  /** text parts, and file parts other than files[] (a Blob `dto` arrives as a file), as text */
  fields: Map<string, string>;
  /** the named file parts, read into memory */
  files: Map<string, Buffer>;
}

const TOO_LARGE = `image: larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB`;

/** A text part, checked like any other field: storable text, and a claimed id must be the session user. */
function setField(req: FastifyRequest, form: MultipartForm, name: string, value: string) {
  assertStorable({ [name]: value }, 'body');
  assertClaims(req, claimedIds({ [name]: value }));
  form.fields.set(name, value);
}

/** Reads a whole multipart body; `fileFields` are the parts kept as bytes. */
export async function readMultipartForm(req: FastifyRequest, fileFields: readonly string[]): Promise<MultipartForm> {
  if (!req.isMultipart()) throw new HttpError(415, 'Send the form as multipart/form-data');
  // Refuse an obviously oversized body before reading any of it.
  const length = Number(req.headers['content-length']);
  if (Number.isFinite(length) && length > IMAGE_MAX_BYTES + FIELDS_MAX_BYTES + 64 * 1024) throw new HttpError(413, TOO_LARGE);
  const form: MultipartForm = { fields: new Map(), files: new Map() };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (fileFields.includes(part.fieldname)) form.files.set(part.fieldname, data);
        else setField(req, form, part.fieldname, data.toString('utf8'));
      } else {
        setField(req, form, part.fieldname, typeof part.value === 'string' ? part.value : JSON.stringify(part.value));
      }
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, TOO_LARGE);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(413, 'Too many parts in this form');
    }
    if (code === 'FST_INVALID_JSON_FIELD_ERROR') throw badRequest('dto: is not valid JSON');
    if (e instanceof HttpError) throw e;
    throw badRequest('The multipart form could not be read');
  }
  return form;
}
