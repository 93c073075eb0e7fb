import { Type } from 'typebox';
import type { RecordValues, Resource } from '../../shared/resource.js';
import { recordSchema } from '../../shared/resource-schema.js';

type Schema = Record<string, unknown>;

/**
 * The record as served, for /api/docs and for Fastify's serialiser (which drops what a response
 * schema does not name): every declared key, each one nullable (a row may predate a field's
 * `required`), and any other key the row carries kept as it is. Nullable is written as a type
 * list, not anyOf: the serialiser checks anyOf branches (a pattern, an enum) and would throw on a
 * value the declaration has since narrowed, where a type list only shapes the output.
 */
export function served(schema: Schema, top = true): Schema {
  const anyOf = schema.anyOf as Schema[] | undefined;
  if (anyOf) return served(anyOf.find((b) => b.type !== 'null') ?? {}, top);
  if (schema.type === undefined) return schema;
  const type = top ? schema.type : [schema.type, 'null'];
  if (schema.type === 'array') return { ...schema, type, items: served(schema.items as Schema) };
  if (schema.type === 'object') {
    const properties = Object.fromEntries(Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(([k, v]) => [k, served(v, false)]));
    return { ...schema, type, properties, additionalProperties: true };
  }
  return { ...schema, type };
}

/** One record of an area as its routes serve it (serializeRecord's output), as a response schema. */
export const recordAnswer = (resource: Pick<Resource, 'name' | 'fields' | 'children'>, description?: string) =>
  Type.Unsafe<RecordValues>({ ...served(recordSchema(resource)), description: description ?? `one of ${resource.name}, as GET /${resource.name}/{id} serves it` });
