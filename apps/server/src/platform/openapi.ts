import type { SwaggerTransformObject } from '@fastify/swagger';
import type { OpenAPIV3 } from 'openapi-types';

type Document = Partial<OpenAPIV3.Document>;
type Operation = OpenAPIV3.OperationObject;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** What a generated summary says a method does, when the route declares no `summary`. */
const VERBS: Record<string, string> = {
  get: 'Read',
  put: 'Replace',
  post: 'Post to',
  patch: 'Change',
  delete: 'Delete',
};

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join('');

/**
 * A stable operationId from the method and the path: `GET /api/events/{id}/attendees` is
 * `getEventsByIdAttendees`. Paths are unique per method, so the ids are too (the docs test checks).
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param?.[1] ? `By${pascal(param[1])}` : pascal(segment);
    });
  return method.toLowerCase() + words.join('');
}

/** The summary of an operation: the route's own `summary`, else its description's first sentence. */
function summaryOf(method: string, path: string, op: Operation): string {
  if (op.summary) return op.summary;
  const sentence = op.description ? /^[^.]*[^.\s]/.exec(op.description)?.[0] : undefined;
  if (sentence && sentence.length <= 120) return sentence;
  return `${VERBS[method] ?? method.toUpperCase()} ${path.replace(/^\/api(?=\/)/, '')}`;
}

/**
 * OpenAPI 3.0 does not let `nullable: true` widen an `enum` (3.0.3 clarified it): a validator
 * rejects `null` unless the enum lists it. zod's nullable enums come out without it, so every
 * nullable enum gets `null` added.
 */
function listNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) listNullInNullableEnums(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as { nullable?: unknown; enum?: unknown[] };
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum.push(null);
  for (const value of Object.values(node)) listNullInNullableEnums(value);
}

/**
 * Paths that differ only in a parameter's name (`/api/messages/{userId}` for GET,
 * `/api/messages/{messageId}` for DELETE) are one path to OpenAPI: they become one path item,
 * the differing parameter named `id` and described by the name its route gives it.
 */
function mergePathsDifferingInParameterNames(paths: OpenAPIV3.PathsObject): OpenAPIV3.PathsObject {
  const shapes = new Map<string, string[]>();
  for (const path of Object.keys(paths)) {
    const shape = path.replace(/\{[^}]+\}/g, '{}');
    shapes.set(shape, [...(shapes.get(shape) ?? []), path]);
  }
  const merged: OpenAPIV3.PathsObject = {};
  for (const group of shapes.values()) {
    const [first] = group;
    if (!first) continue;
    if (group.length === 1) {
      merged[first] = paths[first];
      continue;
    }
    const segmentsOf = (path: string) => path.split('/');
    const canonical = segmentsOf(first)
      .map((segment, i) =>
        /^\{.+\}$/.test(segment) && group.some((p) => segmentsOf(p)[i] !== segment) ? '{id}' : segment,
      )
      .join('/');
    const item: OpenAPIV3.PathItemObject = {};
    for (const path of group) {
      const renames = new Map<string, string>();
      segmentsOf(path).forEach((segment, i) => {
        const target = segmentsOf(canonical)[i];
        if (segment !== target && target) renames.set(segment.slice(1, -1), target.slice(1, -1));
      });
      const from = paths[path] ?? {};
      for (const method of METHODS) {
        const op = from[method];
        if (!op) continue;
        const parameters = op.parameters?.map((p) => {
          if ('$ref' in p || p.in !== 'path') return p;
          const to = renames.get(p.name);
          return to ? { ...p, name: to, description: p.description ?? `The route's \`${p.name}\`.` } : p;
        });
        item[method] = { ...op, ...(parameters ? { parameters } : {}) };
      }
    }
    merged[canonical] = item;
  }
  return merged;
}

/**
 * The document as clients read it: strict OpenAPI 3.0 that describes what the
 * server sends. Every operation gets an operationId and a summary, public operations say
 * `security: []` (a route that takes the bearer token declares it through `routeOptions`), the
 * server is PUBLIC_URL, and the two schema quirks above are fixed. The docs test lints the result
 * and validates live answers against it.
 */
export function openApiDocument(publicUrl: string): SwaggerTransformObject {
  return (documentObject) => {
    // We register OpenAPI 3 (http-plugins.ts), never Swagger 2: the other branch is not ours.
    if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
    const doc = documentObject.openapiObject as Document;
    const paths = mergePathsDifferingInParameterNames(doc.paths ?? {});
    for (const [path, item] of Object.entries(paths)) {
      for (const method of METHODS) {
        const op = item?.[method];
        if (!op) continue;
        op.operationId ??= operationIdOf(method, path);
        op.summary = summaryOf(method, path, op);
        op.security ??= [];
      }
    }
    listNullInNullableEnums(paths);
    listNullInNullableEnums(doc.components);
    return { ...doc, servers: [{ url: publicUrl.replace(/\/+$/, '') }], paths };
  };
}
