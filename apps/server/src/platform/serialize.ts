import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/** `anyOf: [X, {type: 'null'}]` (zod's nullable) as `X` with `null` allowed: no run-time branch choice. */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && anyOf.some((s) => s.type === 'null')) {
    const other = anyOf.find((s) => s.type !== 'null');
    if (other && typeof other.type === 'string') {
      delete out.anyOf;
      const { enum: _values, ...rest } = other;
      return { ...out, ...rest, type: [other.type, 'null'] };
    }
  }
  return out;
}

/**
 * Response serialisation for hot routes: the route's zod response schema, turned into JSON Schema
 * once, compiled by fast-json-stringify. Like the zod serialiser it writes only the declared
 * properties and refuses a response missing a required one; unlike it, it does not re-validate
 * every value the presenter built (whose types already match the contract) on every request.
 */
export const fastSerializer = ({ schema }: { schema: unknown }): ((data: unknown) => string) =>
  fastJson(simplify(z.toJSONSchema(schema as z.ZodType, { target: 'draft-7', io: 'output' })) as JsonSchema);
