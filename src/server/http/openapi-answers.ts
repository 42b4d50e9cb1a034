// Checks an HTTP answer against the OpenAPI document that describes it: its status is one the
// operation declares, its Content-Type one of that status's media types, and its body that media
// type's schema (ajv for JSON and text; the bytes' own signature for a binary file). For the
// conformance test (openapi-conformance.api.test.ts).
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { fileTypeFromBuffer } from 'file-type';

export interface Media { schema?: Schema }
export interface Operation {
  operationId?: string;
  responses: Record<string, { description?: string; content?: Record<string, Media> }>;
}
export interface OpenApiDocument { openapi: string; paths: Record<string, Record<string, Operation>> }
type Schema = Record<string, unknown>;

/** `text/csv; Charset=UTF-8` → `text/csv` and its parameters, lower case and sorted. */
function mediaType(value: string): { essence: string; params: string[] } {
  const [essence = '', ...params] = value.split(';').map((p) => p.trim().toLowerCase().replace(/\s*=\s*/, '='));
  return { essence, params: params.filter(Boolean).sort() };
}

/**
 * The declared media type an answer's Content-Type is: the same type, with the same parameters
 * when the document names some (`text/csv; charset=utf-8; header=present`), any when it names none
 * (`application/json` is also `application/json; charset=utf-8`).
 */
export function declaredMedia(content: Record<string, Media>, sent: string): [string, Media] | undefined {
  const s = mediaType(sent);
  return Object.entries(content).find(([key]) => {
    const d = mediaType(key);
    return d.essence === s.essence && (d.params.length === 0 || d.params.join(';') === s.params.join(';'));
  });
}

/** The schema with every local `$ref` replaced by what it points at (the document has no recursive schema). */
function dereferenced(node: unknown, doc: unknown, stack: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => dereferenced(n, doc, stack));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    if (!ref.startsWith('#/')) throw new Error(`a reference outside the document: ${ref}`);
    if (stack.includes(ref)) throw new Error(`a recursive schema (${ref}): resolve it with ajv's own references`);
    const target = ref.slice(2).split('/').reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    if (target === undefined) throw new Error(`a dangling reference: ${ref}`);
    return dereferenced(target, doc, [...stack, ref]);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, dereferenced(v, doc, stack)]));
}

export function answerChecker(doc: OpenApiDocument) {
  // strict: a keyword ajv does not know is an error in the test, not a rule silently not checked
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats(ajv);
  ajv.addFormat('binary', true); // OpenAPI 3.0's file bodies; their bytes are checked by signature
  const compiled = new Map<Schema, ValidateFunction>();
  const validator = (schema: Schema) => {
    let v = compiled.get(schema);
    if (!v) compiled.set(schema, (v = ajv.compile(dereferenced(schema, doc) as Schema)));
    return v;
  };

  /** What is wrong with an answer of `op` (empty: nothing). */
  async function problems(op: Operation, res: Response): Promise<string[]> {
    const bytes = Buffer.from(await res.arrayBuffer());
    const declared = op.responses[String(res.status)];
    if (!declared) return [`status ${res.status} is not declared (${Object.keys(op.responses).join(', ')}): ${bytes.toString('utf8').slice(0, 200)}`];
    if (!declared.content) return bytes.length ? [`status ${res.status} declares no body, but ${bytes.length} bytes came`] : [];
    const sent = res.headers.get('content-type') ?? '';
    const found = declaredMedia(declared.content, sent);
    if (!found) return [`Content-Type ${sent || '(none)'} is not declared for ${res.status} (${Object.keys(declared.content).join(', ')})`];
    const [type, media] = found;
    const schema = media.schema ?? {};
    if (schema.format === 'binary') {
      const sniffed = (await fileTypeFromBuffer(bytes))?.mime;
      return sniffed === mediaType(type).essence ? [] : [`a ${type} body whose bytes are ${sniffed ?? 'of no known type'}`];
    }
    let body: unknown = bytes.toString('utf8');
    if (/[/+]json$/.test(mediaType(type).essence)) {
      try {
        body = JSON.parse(body as string);
      } catch {
        return [`a ${type} body that is not JSON: ${(body as string).slice(0, 200)}`];
      }
    }
    const validate = validator(schema);
    if (validate(body)) return [];
    return (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(body)'} ${e.message} ${e.params ? JSON.stringify(e.params) : ''}`);
  }

  /** What is wrong with a body as JSON of `schema` (a live message against its REST twin). */
  function jsonProblems(schema: Schema, body: unknown): string[] {
    const validate = validator(schema);
    return validate(body) ? [] : (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(body)'} ${e.message} ${JSON.stringify(e.params)}`);
  }

  return { problems, jsonProblems };
}
